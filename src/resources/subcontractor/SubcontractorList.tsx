import Add from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { List, Loading, useTranslate } from 'react-admin';
import type { Subcontractor } from '../../../domain/contracts/fleet';
import { BackOfficeTable, DEFAULT_ROWS_PER_PAGE, type TableColumn } from '../../controls/table';
import { useFleetView } from '../app-accounts/useFleetView';
import { SubcontractorDialog } from './SubcontractorDialog';

const columns: TableColumn<Subcontractor>[] = [
    { key: 'name', sortable: true },
    { key: 'code', sortable: true },
    { key: 'userCount', sortable: true, align: 'right' },
    { key: 'vehicleCount', sortable: true, align: 'right' },
];

/** Subcontractors of the selected depot (`/depot/:t/:d/subcontractor`); a row opens its drivers and vehicles. */
export function SubcontractorList() {
    const view = useFleetView();
    const translate = useTranslate();
    const [creating, setCreating] = useState(false);
    if (!view.internalDepotId) return <Loading />;
    return (
        <List
            resource="subcontractor"
            filter={{ depotId: view.internalDepotId }}
            perPage={DEFAULT_ROWS_PER_PAGE}
            sort={{ field: 'name', order: 'ASC' }}
            storeKey={`subcontractor.${view.internalDepotId}`}
            disableSyncWithLocation
            exporter={false}
            actions={false}
            pagination={false}
            empty={false}
            title="resources.subcontractor.name"
        >
            <Box
                sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 1,
                    px: 2,
                    pt: 1,
                }}
            >
                <Typography component="h1" variant="h5" sx={{ mr: 'auto' }}>
                    {translate('resources.subcontractor.name', { smart_count: 2 })}
                </Typography>
                {view.allows('c:suco') && (
                    <Button
                        variant="contained"
                        size="small"
                        startIcon={<Add />}
                        onClick={() => setCreating(true)}
                    >
                        {translate('resources.subcontractor.create')}
                    </Button>
                )}
            </Box>
            <BackOfficeTable tableId="subcontractor" columns={columns} syncWithUrl rowLink="show" />
            <SubcontractorDialog
                open={creating}
                onClose={() => setCreating(false)}
                depotId={view.internalDepotId}
            />
        </List>
    );
}
