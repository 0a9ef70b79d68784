import Refresh from '@mui/icons-material/Refresh';
import { Box, Button, Typography } from '@mui/material';
import { Title } from 'react-admin';

interface RefreshablePageHeaderProps {
    /** The page's title (the app bar and the page's heading). */
    title: string;
    /** The refresh button's text. */
    refreshLabel: string;
    onRefresh: () => void;
    /** While the page reloads: the button is disabled. */
    refreshing: boolean;
}

/** A page's title in the app bar and as its heading, with a refresh button beside it. */
export function RefreshablePageHeader({
    title,
    refreshLabel,
    onRefresh,
    refreshing,
}: RefreshablePageHeaderProps) {
    return (
        <>
            <Title title={title} />
            <Box
                sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: 1,
                }}
            >
                <Typography component="h1" variant="h5">
                    {title}
                </Typography>
                <Button startIcon={<Refresh />} onClick={onRefresh} disabled={refreshing}>
                    {refreshLabel}
                </Button>
            </Box>
        </>
    );
}
