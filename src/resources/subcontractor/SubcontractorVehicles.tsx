import Add from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { ListBase, useTranslate } from 'react-admin';
import type { Subcontractor, Vehicle } from '../../../domain/contracts/fleet';
import { BackOfficeTable, DEFAULT_ROWS_PER_PAGE, type TableColumn } from '../../controls/table';
import { VehicleDialog } from './VehicleDialog';

const columns: TableColumn<Vehicle>[] = [
    { key: 'number', sortable: true },
    { key: 'baseDriverName', sortable: true },
];

/** The vehicles tab of a subcontractor: list, create, edit (a row opens the edit dialog). */
export function SubcontractorVehicles({
    subcontractor,
    canEdit,
}: {
    subcontractor: Subcontractor;
    canEdit: boolean;
}) {
    const translate = useTranslate();
    const [dialog, setDialog] = useState<{ record?: Vehicle } | undefined>();
    return (
        <ListBase
            resource="vehicles"
            filter={{ subcontractorId: subcontractor.id }}
            perPage={DEFAULT_ROWS_PER_PAGE}
            sort={{ field: 'number', order: 'ASC' }}
            disableSyncWithLocation
            storeKey={`vehicles.${subcontractor.id}`}
        >
            {canEdit && (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 1 }}>
                    <Button
                        variant="contained"
                        size="small"
                        startIcon={<Add />}
                        onClick={() => setDialog({})}
                    >
                        {translate('resources.vehicles.create')}
                    </Button>
                </Box>
            )}
            <BackOfficeTable
                tableId="vehicles"
                columns={columns}
                searchSource="q"
                {...(canEdit ? { onRowClick: (record: Vehicle) => setDialog({ record }) } : {})}
            />
            <VehicleDialog
                open={dialog !== undefined}
                onClose={() => setDialog(undefined)}
                subcontractor={subcontractor}
                {...(dialog?.record ? { record: dialog.record } : {})}
            />
        </ListBase>
    );
}
