import {
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { OutboxMail } from '../../../domain/contracts/mail-outbox';
import { useFormatters } from '../../settings/useFormatters';
import { useMailLabels } from './useMailLabels';

const key = 'app.mailOutbox';

/**
 * One mail with its whole text, preformatted and selectable so that a temporary password or a
 * code can be copied. Full screen on extra-small screens.
 */
export function OutboxMailDialog({
    mail,
    onClose,
}: {
    mail: OutboxMail | null;
    onClose: () => void;
}) {
    const translate = useTranslate();
    const formatters = useFormatters();
    const labels = useMailLabels();
    const titleId = useId();
    const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
    const facts: [string, string][] = mail
        ? [
              [`${key}.columns.to`, mail.to],
              [`${key}.columns.kind`, labels.kind(mail.kind)],
              [`${key}.columns.status`, labels.status(mail.status)],
              [`${key}.columns.created`, formatters.dateTime(mail.createdAt)],
              [`${key}.columns.sent`, mail.sentAt ? formatters.dateTime(mail.sentAt) : '-'],
              ...(mail.lastError ? [[`${key}.lastError`, mail.lastError] as [string, string]] : []),
          ]
        : [];
    return (
        <Dialog
            open={mail !== null}
            onClose={onClose}
            aria-labelledby={titleId}
            fullWidth
            maxWidth="md"
            fullScreen={fullScreen}
        >
            <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
                {mail?.subject}
            </DialogTitle>
            {mail && (
                <DialogContent>
                    <Box
                        component="dl"
                        sx={{
                            display: 'grid',
                            gridTemplateColumns: 'max-content 1fr',
                            alignItems: 'baseline',
                            columnGap: 2,
                            rowGap: 0.5,
                            mt: 0,
                            mb: 2,
                        }}
                    >
                        {facts.map(([label, value]) => (
                            <Box key={label} sx={{ display: 'contents' }}>
                                <Typography component="dt" color="text.secondary">
                                    {translate(label)}
                                </Typography>
                                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                                    {value}
                                </Typography>
                            </Box>
                        ))}
                    </Box>
                    <Typography component="h3" variant="subtitle2" gutterBottom>
                        {translate(`${key}.text`)}
                    </Typography>
                    <Box
                        component="pre"
                        sx={{
                            m: 0,
                            p: 2,
                            borderRadius: 1,
                            bgcolor: 'action.hover',
                            fontFamily: 'monospace',
                            fontSize: '0.875rem',
                            whiteSpace: 'pre-wrap',
                            overflowWrap: 'anywhere',
                            userSelect: 'text',
                        }}
                    >
                        {mail.text}
                    </Box>
                </DialogContent>
            )}
            <DialogActions>
                <Button onClick={onClose} autoFocus>
                    {translate('app.alert.close')}
                </Button>
            </DialogActions>
        </Dialog>
    );
}
