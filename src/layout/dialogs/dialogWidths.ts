import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Dialog widths (shell §2.1): 70vw on medium, 50vw on large, 40vw on extra-large and wider
 * screens; large dialogs 15 more. Below medium the paper keeps MUI's margins.
 */
export function dialogPaperSx(large = false): SxProps<Theme> {
    const extra = large ? 15 : 0;
    return {
        width: { md: `${70 + extra}vw`, lg: `${50 + extra}vw`, xl: `${40 + extra}vw` },
        maxWidth: 'none',
    };
}
