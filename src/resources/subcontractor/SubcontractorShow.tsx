import { Box, Button, Card, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Loading, useDelete, useGetOne, useRedirect, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Subcontractor } from '../../../domain/contracts/fleet';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { errorDescriptionKey } from '../app-accounts/fleetErrors';
import { useFleetView } from '../app-accounts/useFleetView';
import { SubcontractorDialog } from './SubcontractorDialog';
import { SubcontractorDrivers } from './SubcontractorDrivers';
import { SubcontractorVehicles } from './SubcontractorVehicles';

/** A subcontractor with its drivers and vehicles (tabs); edit and delete (blocked while anything is assigned). */
export function SubcontractorShow() {
    const { id = '' } = useParams<{ id: string }>();
    const translate = useTranslate();
    const view = useFleetView();
    const dialog = useAppDialog();
    const redirect = useRedirect();
    const tabsId = useId();
    const [tab, setTab] = useState(0);
    const [editing, setEditing] = useState(false);
    const {
        data: subcontractor,
        isPending,
        error,
    } = useGetOne<Subcontractor>('subcontractor', { id });
    const [remove] = useDelete<Subcontractor>();
    if (isPending) return <Loading />;
    if (error || !subcontractor)
        return <Typography sx={{ p: 2 }}>{translate('ra.page.not_found')}</Typography>;
    const path = subcontractor.scopePath;
    const confirmDelete = () =>
        dialog.open({
            type: 'warning',
            messageKey: 'resources.subcontractor.deleteConfirm',
            values: { name: subcontractor.name },
            submit: {
                labelKey: 'ra.action.delete',
                onSubmit: () =>
                    remove(
                        'subcontractor',
                        { id: subcontractor.id, previousData: subcontractor },
                        {
                            mutationMode: 'pessimistic',
                            onSuccess: () => redirect('list', 'subcontractor'),
                            onError: (failure) =>
                                dialog.open({
                                    type: 'error',
                                    messageKey: 'resources.subcontractor.deleteFailed',
                                    descriptionKey: errorDescriptionKey('subcontractor', failure),
                                }),
                        },
                    ),
            },
        });
    return (
        <Card sx={{ mt: 1 }}>
            <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ p: 2, alignItems: { sm: 'center' } }}
            >
                <Box sx={{ flexGrow: 1 }}>
                    <Typography component="h1" variant="h5">
                        {subcontractor.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                        {translate('resources.subcontractor.summary', {
                            code: subcontractor.code,
                            users: subcontractor.userCount,
                            vehicles: subcontractor.vehicleCount,
                        })}
                    </Typography>
                </Box>
                {view.allows('u:suco', path) && (
                    <Button variant="outlined" onClick={() => setEditing(true)}>
                        {translate('ra.action.edit')}
                    </Button>
                )}
                {view.allows('d:suco', path) && (
                    <Button variant="outlined" color="error" onClick={confirmDelete}>
                        {translate('ra.action.delete')}
                    </Button>
                )}
            </Stack>
            <Tabs
                value={tab}
                onChange={(_event, value: number) => setTab(value)}
                aria-label={translate('resources.subcontractor.tabs.label')}
                variant="scrollable"
            >
                <Tab
                    label={translate('resources.subcontractor.tabs.drivers')}
                    id={`${tabsId}-tab-0`}
                    aria-controls={`${tabsId}-panel-0`}
                />
                <Tab
                    label={translate('resources.subcontractor.tabs.vehicles')}
                    id={`${tabsId}-tab-1`}
                    aria-controls={`${tabsId}-panel-1`}
                />
            </Tabs>
            <Box
                role="tabpanel"
                id={`${tabsId}-panel-${tab}`}
                aria-labelledby={`${tabsId}-tab-${tab}`}
            >
                {tab === 0 ? (
                    <SubcontractorDrivers subcontractor={subcontractor} path={path} />
                ) : (
                    <SubcontractorVehicles
                        subcontractor={subcontractor}
                        canEdit={view.allows('u:suco', path)}
                    />
                )}
            </Box>
            <SubcontractorDialog
                open={editing}
                onClose={() => setEditing(false)}
                depotId={subcontractor.depotId}
                record={subcontractor}
            />
        </Card>
    );
}
