import {
    Alert,
    Box,
    Button,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, useTranslate } from 'react-admin';
import type { OutboxMail } from '../../../domain/contracts/mail-outbox';
import { getBrowserConfig } from '../../config';
import { httpClient } from '../../dataProviders/httpClient';
import { PageNotFound } from '../../layout/PageNotFound';
import { RefreshablePageHeader } from '../../layout/RefreshablePageHeader';
import { useFormatters } from '../../settings/useFormatters';
import { fetchOutboxMails, OUTBOX_LIMIT } from './outboxMails';
import { OutboxMailDialog } from './OutboxMailDialog';
import { useMailLabels } from './useMailLabels';

const key = 'app.mailOutbox';
const fromMedium = { display: { xs: 'none', md: 'table-cell' } };
const fromSmall = { display: { xs: 'none', sm: 'table-cell' } };

/**
 * `/administration/mail-outbox` (admins; issue 13 point 14): the newest mails of a demo or
 * development installation, so that an invitation's temporary password can be read without a
 * mail server. Where the installation has no mail viewer (production) the address is no page.
 */
export function MailOutboxPage() {
    return getBrowserConfig().mailViewer === true ? <MailOutboxList /> : <PageNotFound />;
}

function MailOutboxList() {
    const translate = useTranslate();
    const formatters = useFormatters();
    const labels = useMailLabels();
    const [opened, setOpened] = useState<OutboxMail | null>(null);
    const { data, error, isPending, isFetching, refetch, dataUpdatedAt } = useQuery({
        queryKey: ['mailOutbox'],
        queryFn: () => fetchOutboxMails(getBrowserConfig().services.backOffice, httpClient),
    });

    return (
        <Box sx={{ mt: 1, display: 'grid', gap: 2, minWidth: 0 }}>
            <RefreshablePageHeader
                title={translate(`${key}.title`)}
                refreshLabel={translate(`${key}.refresh`)}
                onRefresh={() => void refetch()}
                refreshing={isFetching}
            />
            <Typography variant="body2">
                {translate(`${key}.intro`, { limit: OUTBOX_LIMIT })}
            </Typography>
            {error ? (
                <Alert severity="error">{translate(`${key}.loadFailed`)}</Alert>
            ) : isPending ? (
                <Loading />
            ) : data.length === 0 ? (
                <Alert severity="info">{translate(`${key}.empty`)}</Alert>
            ) : (
                <TableContainer
                    tabIndex={0}
                    role="region"
                    aria-label={translate(`${key}.table`)}
                    sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
                >
                    <Table size="small" aria-label={translate(`${key}.table`)}>
                        <TableHead>
                            <TableRow>
                                <TableCell sx={fromSmall}>
                                    {translate(`${key}.columns.created`)}
                                </TableCell>
                                <TableCell>{translate(`${key}.columns.to`)}</TableCell>
                                <TableCell sx={fromSmall}>
                                    {translate(`${key}.columns.subject`)}
                                </TableCell>
                                <TableCell sx={fromMedium}>
                                    {translate(`${key}.columns.kind`)}
                                </TableCell>
                                <TableCell>{translate(`${key}.columns.status`)}</TableCell>
                                <TableCell sx={fromMedium}>
                                    {translate(`${key}.columns.sent`)}
                                </TableCell>
                                <TableCell align="right">
                                    {translate(`${key}.columns.actions`)}
                                </TableCell>
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {data.map((mail) => (
                                <TableRow key={mail.id}>
                                    <TableCell sx={fromSmall}>
                                        {formatters.dateTime(mail.createdAt)}
                                    </TableCell>
                                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                                        {mail.to}
                                        {/* Extra-small screens: subject and time below the recipient. */}
                                        <Typography
                                            variant="body2"
                                            color="text.secondary"
                                            sx={{ display: { xs: 'block', sm: 'none' } }}
                                        >
                                            {mail.subject}
                                            <br />
                                            {formatters.dateTime(mail.createdAt)}
                                        </Typography>
                                    </TableCell>
                                    <TableCell sx={fromSmall}>{mail.subject}</TableCell>
                                    <TableCell sx={fromMedium}>{labels.kind(mail.kind)}</TableCell>
                                    <TableCell>
                                        {labels.status(mail.status)}
                                        {mail.status === 'failed' && mail.lastError ? (
                                            <Typography
                                                variant="body2"
                                                color="error"
                                                sx={{ overflowWrap: 'anywhere' }}
                                            >
                                                {mail.lastError}
                                            </Typography>
                                        ) : null}
                                    </TableCell>
                                    <TableCell sx={fromMedium}>
                                        {mail.sentAt ? formatters.dateTime(mail.sentAt) : '-'}
                                    </TableCell>
                                    <TableCell align="right">
                                        <Button
                                            size="small"
                                            onClick={() => setOpened(mail)}
                                            aria-haspopup="dialog"
                                            aria-label={translate(`${key}.readLabel`, {
                                                subject: mail.subject,
                                                to: mail.to,
                                            })}
                                        >
                                            {translate(`${key}.read`)}
                                        </Button>
                                    </TableCell>
                                </TableRow>
                            ))}
                        </TableBody>
                    </Table>
                </TableContainer>
            )}
            {data && !error ? (
                <Typography variant="body2" color="text.secondary" role="status">
                    {translate(`${key}.loadedAt`, { time: formatters.dateTime(dataUpdatedAt) })}
                </Typography>
            ) : null}
            <OutboxMailDialog mail={opened} onClose={() => setOpened(null)} />
        </Box>
    );
}
