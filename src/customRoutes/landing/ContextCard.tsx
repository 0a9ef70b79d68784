import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AppContext } from '../../../domain/enums';
import { landingContexts } from './landingContexts';

/** Cards are 260 by 260 (shell §2.3); the whole card is one link, reachable with Tab and opened with Enter. */
const CARD_SIZE = 260;

export function ContextCard({ context }: { context: AppContext }) {
    const translate = useTranslate();
    const { icon: Icon, path } = landingContexts[context];
    return (
        <Card sx={{ width: CARD_SIZE, height: CARD_SIZE }} elevation={2}>
            <CardActionArea
                component={Link}
                to={path}
                sx={{ height: '100%' }}
                data-context={context}
            >
                <CardContent
                    sx={{
                        height: '100%',
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'center',
                        justifyContent: 'center',
                        textAlign: 'center',
                        gap: 1.5,
                    }}
                >
                    <Box sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }}>
                        <Icon />
                    </Box>
                    <Typography component="h2" variant="h6">
                        {translate(`app.contexts.${context}.title`)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                        {translate(`app.contexts.${context}.description`)}
                    </Typography>
                </CardContent>
            </CardActionArea>
        </Card>
    );
}
