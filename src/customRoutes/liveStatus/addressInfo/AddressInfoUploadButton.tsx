import PinDrop from '@mui/icons-material/PinDropOutlined';
import {
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    Tab,
    Tabs,
    useMediaQuery,
    useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { can } from '../../../../domain/permissionChecks';
import { useUserProfile } from '../../../useUserProfile';
import { AddressInfoEntries } from './AddressInfoEntries';
import { AddressInfoUploadPanel } from './AddressInfoUploadPanel';

type TabName = 'upload' | 'entries';

/**
 * The live status page's "address information" (docs/address-delivery-information.md): a button
 * that opens a dialog with the CSV upload of the depot's address delivery information and the
 * list of its current entries. Shown to users with r:tour at the depot; the upload and delete
 * need r:address-location-correction there too (the server checks both again).
 */
export function AddressInfoUploadButton({ depotPath }: { depotPath: string }) {
    const translate = useTranslate();
    const theme = useTheme();
    const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
    const { profile } = useUserProfile();
    const baseId = useId();
    const [open, setOpen] = useState(false);
    const [tab, setTab] = useState<TabName>('upload');
    const actions = profile?.actions;
    const target = { context: 'depot', path: depotPath } as const;
    const canRead = actions !== undefined && can(actions, 'r:tour', target);
    const canWrite = canRead && can(actions, 'r:address-location-correction', target);
    if (!canRead) return null;
    const shown: TabName = canWrite ? tab : 'entries';
    const titleId = `${baseId}-title`;
    const tabId = (name: TabName) => `${baseId}-tab-${name}`;
    const panelId = (name: TabName) => `${baseId}-panel-${name}`;

    return (
        <>
            <Button
                variant="outlined"
                startIcon={<PinDrop />}
                onClick={() => setOpen(true)}
                aria-haspopup="dialog"
            >
                {translate('app.addressInfo.open')}
            </Button>
            <Dialog
                open={open}
                onClose={() => setOpen(false)}
                aria-labelledby={titleId}
                fullScreen={fullScreen}
                maxWidth="md"
                fullWidth
            >
                <DialogTitle id={titleId}>{translate('app.addressInfo.title')}</DialogTitle>
                {canWrite && (
                    <Tabs
                        value={shown}
                        onChange={(_event, value: TabName) => setTab(value)}
                        variant="fullWidth"
                        aria-label={translate('app.addressInfo.title')}
                        sx={{ borderBottom: 1, borderColor: 'divider', px: { sm: 2 } }}
                    >
                        {(['upload', 'entries'] as const).map((name) => (
                            <Tab
                                key={name}
                                value={name}
                                id={tabId(name)}
                                aria-controls={panelId(name)}
                                label={translate(`app.addressInfo.tabs.${name}`)}
                            />
                        ))}
                    </Tabs>
                )}
                <DialogContent>
                    {canWrite ? (
                        (['upload', 'entries'] as const).map((name) => (
                            <Box
                                key={name}
                                role="tabpanel"
                                id={panelId(name)}
                                aria-labelledby={tabId(name)}
                                hidden={shown !== name}
                                sx={{ pt: 2 }}
                            >
                                {name === 'upload' ? (
                                    <AddressInfoUploadPanel
                                        depotPath={depotPath}
                                        onShowEntries={() => setTab('entries')}
                                    />
                                ) : (
                                    <AddressInfoEntries depotPath={depotPath} canDelete />
                                )}
                            </Box>
                        ))
                    ) : (
                        <Box sx={{ pt: 2 }}>
                            <AddressInfoEntries depotPath={depotPath} canDelete={false} />
                        </Box>
                    )}
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
                </DialogActions>
            </Dialog>
        </>
    );
}
