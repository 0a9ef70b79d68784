import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { clusterStyle } from '../mapStyles';
import { FleetStateSymbol } from './FleetStateSymbol';
import { fleetStates, type FleetState } from './fleetStore';

function LegendItem({ symbol, text }: { symbol: ReactNode; text: string }) {
    return (
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            {symbol}
            <Typography variant="body2" component="span">
                {text}
            </Typography>
        </Box>
    );
}

/** The fleet map's key in words: every state's symbol, the cluster and the heading arrow. */
export function FleetLegend({ stateLabels }: { stateLabels: Record<FleetState, string> }) {
    const translate = useTranslate();
    return (
        <Box
            component="ul"
            aria-label={translate('app.maps.fleet.legend')}
            sx={{
                m: 0,
                p: 0,
                listStyle: 'none',
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 2,
                rowGap: 0.5,
            }}
        >
            {fleetStates.map((state) => (
                <LegendItem
                    key={state}
                    symbol={<FleetStateSymbol state={state} />}
                    text={stateLabels[state]}
                />
            ))}
            <LegendItem
                symbol={
                    <Box
                        aria-hidden
                        sx={{
                            width: 18,
                            height: 18,
                            borderRadius: '50%',
                            border: `1.5px solid ${clusterStyle.edge}`,
                            bgcolor: clusterStyle.fill,
                            fontSize: 9,
                            fontWeight: 700,
                            lineHeight: '15px',
                            textAlign: 'center',
                            color: clusterStyle.text,
                        }}
                    >
                        3
                    </Box>
                }
                text={translate('app.maps.fleet.clusterKey')}
            />
            <LegendItem
                symbol={
                    <svg width={18} height={18} viewBox="-9 -9 18 18" aria-hidden focusable="false">
                        <polygon points="0,-8 4,-2 -4,-2" fill={clusterStyle.edge} />
                        <circle r={4} cy={2} fill={clusterStyle.edge} />
                    </svg>
                }
                text={translate('app.maps.fleet.headingKey')}
            />
        </Box>
    );
}
