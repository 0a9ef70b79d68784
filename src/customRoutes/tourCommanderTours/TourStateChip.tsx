import Circle from '@mui/icons-material/Circle';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TourState } from '../../../domain/tours';

/** Dot colours (3:1 against the chip's white); the words carry the meaning. */
const dots: Record<TourState, string> = {
    NOT_STARTED: '#757575',
    ON_ROAD: '#1565c0',
    FINISHED: '#2e7d32',
};

/** A tour's state in words, with a dot tinted by state. */
export function TourStateChip({ state }: { state: TourState }) {
    const translate = useTranslate();
    return (
        <Chip
            size="small"
            variant="outlined"
            icon={<Circle sx={{ '&&': { color: dots[state] }, fontSize: 12 }} />}
            label={translate(`app.tours.states.${state}`)}
        />
    );
}
