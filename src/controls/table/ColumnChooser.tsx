import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumn from '@mui/icons-material/ViewColumn';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';

interface ColumnChooserProps {
    columns: readonly { key: string; title: string }[];
    visibleKeys: readonly string[];
    onToggle: (key: string) => void;
}

/** A menu button listing the columns as checkable menu items (the box is only an icon); the last shown column cannot be hidden. */
export function ColumnChooser({ columns, visibleKeys, onToggle }: ColumnChooserProps) {
    const translate = useTranslate();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const menuId = useId();
    const buttonId = useId();
    const open = Boolean(anchor);
    return (
        <>
            <Button
                id={buttonId}
                size="small"
                startIcon={<ViewColumn />}
                aria-haspopup="menu"
                aria-expanded={open}
                aria-controls={open ? menuId : undefined}
                onClick={(event) => setAnchor(event.currentTarget)}
            >
                {translate('ra.action.select_columns')}
            </Button>
            <Menu
                id={menuId}
                anchorEl={anchor}
                open={open}
                onClose={() => setAnchor(null)}
                slotProps={{ list: { 'aria-labelledby': buttonId } }}
            >
                {columns.map((column) => {
                    const checked = visibleKeys.includes(column.key);
                    const locked = checked && visibleKeys.length === 1;
                    return (
                        <MenuItem
                            key={column.key}
                            role="menuitemcheckbox"
                            aria-checked={checked}
                            disabled={locked}
                            onClick={() => onToggle(column.key)}
                        >
                            <ListItemIcon>
                                {checked ? (
                                    <CheckBox fontSize="small" color="primary" />
                                ) : (
                                    <CheckBoxOutlineBlank fontSize="small" />
                                )}
                            </ListItemIcon>
                            <ListItemText>{column.title}</ListItemText>
                        </MenuItem>
                    );
                })}
            </Menu>
        </>
    );
}
