import Circle from '@mui/icons-material/Circle';
import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TourRecommendation } from '../../../domain/contracts/tour-activities';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import type { AppUsageLevel } from '../../../domain/liveStatus';
import type { RttCategory } from '../../../domain/rtt';
import { visuallyHidden } from '../../controls/visuallyHidden';
import { recommendationText } from './recommendationTexts';
import { useMinutes } from './useMinutes';

const key = 'app.dailyActivities';

/**
 * App usage with its minutes in the foreground (domain §4, §9): red when low (under 60 minutes),
 * green when normal, grey when the app was not used. The error and success colours keep AA
 * contrast as text on white.
 */
export function AppUsageChip({
    level,
    minutes,
    formatters,
}: {
    level: AppUsageLevel;
    minutes: number | null;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const minutesText = useMinutes(formatters);
    const name = translate(`${key}.appUsage.${level}`);
    return (
        <Chip
            size="small"
            variant="outlined"
            color={level === 'LOW' ? 'error' : level === 'NORMAL' ? 'success' : 'default'}
            label={minutes === null ? name : `${name} · ${minutesText(minutes)}`}
        />
    );
}

/** The star rating as `★ 4.3 (12)`; screen readers hear it in words. */
export function StarRating({
    rating,
    count,
    formatters,
}: {
    rating: number;
    count: number;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const stars = formatters.number(rating, { maxDecimals: 1, minDecimals: 1 });
    const reviews = formatters.number(count);
    return (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            <span aria-hidden>{`★ ${stars} (${reviews})`}</span>
            <Box component="span" sx={visuallyHidden}>
                {translate(`${key}.starsLabel`, { rating: stars, count: reviews })}
            </Box>
        </Box>
    );
}

const rttDot: Record<RttCategory, 'success' | 'warning' | 'error'> = {
    GOOD: 'success',
    MEDIUM: 'warning',
    BLOCKED: 'error',
};

/** The RTT category; the dot carries the colour, the text keeps the body colour (contrast). */
export function RttChip({ category }: { category: RttCategory | null }) {
    const translate = useTranslate();
    if (!category) return <>{EMPTY_VALUE}</>;
    return (
        <Chip
            size="small"
            variant="outlined"
            icon={<Circle aria-hidden color={rttDot[category]} sx={{ fontSize: 12 }} />}
            label={translate(`${key}.rtt.${category}`)}
        />
    );
}

/** The recommendations as short labels; each label's explanation is its tooltip and accessible description. */
export function RecommendationChips({
    recommendations,
    formatters,
}: {
    recommendations: readonly TourRecommendation[];
    formatters: Formatters;
}) {
    const translate = useTranslate();
    if (recommendations.length === 0) return <>{EMPTY_VALUE}</>;
    return (
        <Box
            component="ul"
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
        >
            {recommendations.map((recommendation) => {
                const text = recommendationText(recommendation);
                const explanation = translate(text.explanation, {
                    value: formatters.number(text.value),
                    threshold: formatters.number(text.threshold),
                });
                return (
                    <li key={recommendation.code}>
                        <Chip
                            size="small"
                            label={translate(text.label)}
                            title={explanation}
                            aria-description={explanation}
                        />
                    </li>
                );
            })}
        </Box>
    );
}
