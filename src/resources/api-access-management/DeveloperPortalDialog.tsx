import {
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    List,
    ListItem,
    Stack,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { apiScopes } from '../../../domain/apiAccess';
import { getBrowserConfig } from '../../config';
import { developerPortalSamples } from './developerPortal';

function CodeSample({ code, label }: { code: string; label: string }) {
    return (
        <Box
            component="pre"
            tabIndex={0}
            aria-label={label}
            sx={{
                m: 0,
                p: 1.5,
                bgcolor: 'action.hover',
                borderRadius: 1,
                fontFamily: 'monospace',
                fontSize: '0.8rem',
                overflowX: 'auto',
                whiteSpace: 'pre',
            }}
        >
            <code>{code}</code>
        </Box>
    );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
    return (
        <Stack component="section" spacing={1}>
            <Typography variant="h6" component="h3">
                {`${number}. ${title}`}
            </Typography>
            {children}
        </Stack>
    );
}

/**
 * The Developer Portal (domain §2 API Access Management): how a machine client obtains a
 * token with its credentials and calls the data gateway, with this installation's real URLs.
 */
export function DeveloperPortalDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
    const translate = useTranslate();
    const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
    const config = getBrowserConfig();
    const samples = developerPortalSamples(
        config.services,
        window.location.origin,
        undefined,
        undefined,
        config.apiTokenTtlSeconds,
    );
    return (
        <Dialog
            open={open}
            onClose={onClose}
            aria-labelledby="developer-portal-title"
            maxWidth="md"
            fullWidth
            fullScreen={fullScreen}
            scroll="paper"
        >
            <DialogTitle id="developer-portal-title">
                {translate('app.apiAccess.portal.title')}
            </DialogTitle>
            <DialogContent dividers>
                <Stack spacing={3}>
                    <Typography variant="body1">
                        {translate('app.apiAccess.portal.intro')}
                    </Typography>
                    <Step number={1} title={translate('app.apiAccess.portal.step1Title')}>
                        <Typography variant="body2">
                            {translate('app.apiAccess.portal.step1Text')}
                        </Typography>
                    </Step>
                    <Step number={2} title={translate('app.apiAccess.portal.step2Title')}>
                        <Typography variant="body2">
                            {translate('app.apiAccess.portal.step2Text')}
                        </Typography>
                        <Typography
                            variant="body2"
                            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                            data-testid="portal-token-url"
                        >
                            {`POST ${samples.tokenUrl}`}
                        </Typography>
                        <CodeSample
                            code={samples.tokenRequest}
                            label={translate('app.apiAccess.portal.tokenRequest')}
                        />
                        <Typography variant="body2">
                            {translate('app.apiAccess.portal.tokenAnswer')}
                        </Typography>
                        <CodeSample
                            code={samples.tokenAnswer}
                            label={translate('app.apiAccess.portal.tokenAnswerLabel')}
                        />
                        <Typography variant="body2">
                            {translate('app.apiAccess.portal.lifetime')}
                        </Typography>
                    </Step>
                    <Step number={3} title={translate('app.apiAccess.portal.step3Title')}>
                        <Typography variant="body2">
                            {translate('app.apiAccess.portal.step3Text')}
                        </Typography>
                        {samples.gatewayCalls.map((call) => (
                            <Stack key={call.scope} spacing={0.5}>
                                <Typography variant="subtitle2" component="p">
                                    {translate(
                                        `app.apiAccess.portal.call_${call.scope.replace(':', '_')}`,
                                    )}
                                </Typography>
                                <CodeSample
                                    code={call.command}
                                    label={translate(
                                        `app.apiAccess.portal.call_${call.scope.replace(':', '_')}`,
                                    )}
                                />
                            </Stack>
                        ))}
                    </Step>
                    <Step number={4} title={translate('app.apiAccess.portal.scopesTitle')}>
                        <List dense disablePadding>
                            {apiScopes.map((scope) => (
                                <ListItem key={scope} disableGutters sx={{ display: 'block' }}>
                                    <Typography
                                        component="span"
                                        variant="body2"
                                        sx={{ fontFamily: 'monospace', fontWeight: 600 }}
                                    >
                                        {scope}
                                    </Typography>
                                    <Typography component="span" variant="body2">
                                        {` – ${translate(`app.apiAccess.scopes.${scope.replace(':', '_')}`)}`}
                                    </Typography>
                                </ListItem>
                            ))}
                        </List>
                        <Typography variant="body2">
                            {translate('app.apiAccess.portal.errors')}
                        </Typography>
                    </Step>
                </Stack>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose} variant="contained">
                    {translate('ra.action.close')}
                </Button>
            </DialogActions>
        </Dialog>
    );
}
