import Add from '@mui/icons-material/PersonAddAlt1Outlined';
import Delete from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/DownloadOutlined';
import FileUpload from '@mui/icons-material/IosShareOutlined';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import { useId, useState, type MouseEvent } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import {
    listQueryOf,
    type BackOfficeUserRecord,
    type DownloadFormat,
    type UserView,
} from '../../dataProviders/backOfficeUsersDataProvider';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { saveFile } from './saveFile';
import { useBackOfficeUserCalls } from './useBackOfficeUserCalls';

export interface BackOfficeUserToolbarProps {
    view: UserView;
    mayAdd: boolean;
    onAdd: () => void;
    /** The selected users the viewer may delete. */
    selected: readonly BackOfficeUserRecord[];
    onDeleteSelected: () => void;
}

/** Add, delete the selected, export everything (CSV) and download the filtered list (CSV or Excel). */
export function BackOfficeUserToolbar({
    view,
    mayAdd,
    onAdd,
    selected,
    onDeleteSelected,
}: BackOfficeUserToolbarProps) {
    const translate = useTranslate();
    const calls = useBackOfficeUserCalls();
    const dialog = useAppDialog();
    const { filterValues, sort } = useListContext();
    const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
    const [busy, setBusy] = useState(false);
    const menuId = useId();
    const buttonId = useId();

    const fetchAndSave = async (load: () => ReturnType<typeof calls.exportUsers>) => {
        setBusy(true);
        try {
            saveFile(await load());
        } catch {
            dialog.open({ type: 'error', descriptionKey: 'app.users.downloadFailed' });
        } finally {
            setBusy(false);
        }
    };
    const download = (format: DownloadFormat) => {
        setMenuAnchor(null);
        void fetchAndSave(() =>
            calls.downloadUsers(format, listQueryOf({ filter: filterValues, sort, meta: view })),
        );
    };

    return (
        <Box
            sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                justifyContent: 'flex-end',
                px: 2,
                pt: 2,
            }}
        >
            {selected.length > 0 && (
                <Button
                    color="error"
                    variant="outlined"
                    startIcon={<Delete />}
                    onClick={onDeleteSelected}
                >
                    {translate('app.users.deleteSelected', { count: selected.length })}
                </Button>
            )}
            <Button
                startIcon={<FileUpload />}
                onClick={() => void fetchAndSave(() => calls.exportUsers())}
                disabled={busy}
            >
                {translate('app.users.export')}
            </Button>
            <Button
                id={buttonId}
                startIcon={<Download />}
                aria-haspopup="menu"
                aria-expanded={menuAnchor ? true : undefined}
                aria-controls={menuAnchor ? menuId : undefined}
                onClick={(event: MouseEvent<HTMLElement>) => setMenuAnchor(event.currentTarget)}
                disabled={busy}
            >
                {translate('app.users.download')}
            </Button>
            <Menu
                id={menuId}
                anchorEl={menuAnchor}
                open={menuAnchor !== null}
                onClose={() => setMenuAnchor(null)}
                slotProps={{ list: { 'aria-labelledby': buttonId } }}
            >
                <MenuItem onClick={() => download('csv')}>
                    {translate('app.users.downloadCsv')}
                </MenuItem>
                <MenuItem onClick={() => download('xlsx')}>
                    {translate('app.users.downloadXlsx')}
                </MenuItem>
            </Menu>
            {mayAdd && (
                <Button variant="contained" startIcon={<Add />} onClick={onAdd}>
                    {translate('app.users.add')}
                </Button>
            )}
        </Box>
    );
}
