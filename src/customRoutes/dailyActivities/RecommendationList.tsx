import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type {
    RecommendationFigures,
    TourRecommendation,
} from '../../../domain/contracts/tour-activities';
import type { Formatters } from '../../../domain/formatting';
import { recommendationText } from './recommendationTexts';

const key = 'app.dailyActivities';

/** What the day's figures add to a recommendation (the tour's detail answers them). */
function detailOf(
    recommendation: TourRecommendation,
    figures: RecommendationFigures | undefined,
    formatters: Formatters,
    translate: (key: string, options?: Record<string, unknown>) => string,
): string | null {
    if (!figures) return null;
    const number = (value: number) => formatters.number(value);
    switch (recommendation.code) {
        case 'MISSED_DRIVER_TIMEFRAMES':
        case 'MISSED_SYSTEM_TIMEFRAMES': {
            const frames =
                recommendation.code === 'MISSED_DRIVER_TIMEFRAMES'
                    ? figures.timeFrames.driver
                    : figures.timeFrames.system;
            return translate(`${key}.details.timeFrames`, {
                missed: number(frames.missed),
                total: number(frames.total),
            });
        }
        case 'MULTIPLE_APP_LOGINS':
            return translate(`${key}.details.logins`, {
                logins: number(figures.logins),
                devices: number(figures.loginDevices),
            });
        case 'WRONG_START_TIME':
            return translate(`${key}.details.start`, {
                planned: formatters.time(figures.plannedStart),
                started: formatters.time(figures.startedAt),
            });
        case 'FIRSTWP_OVERUSE':
        case 'OPTIMIZE_SEQUENCE_OVERUSE':
            return translate(`${key}.details.sequences`, {
                requests: number(figures.sequenceRequests),
                changes: number(figures.firstWaypointChanges),
            });
        default:
            return null;
    }
}

/**
 * The tour's recommendations in full: each label with the sentence that explains it (the figure
 * that raised it and its threshold) and, once the tour's detail is read, the figures behind it.
 */
export function RecommendationList({
    recommendations,
    figures,
    formatters,
}: {
    recommendations: readonly TourRecommendation[];
    figures: RecommendationFigures | undefined;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    if (recommendations.length === 0)
        return <Typography variant="body2">{translate(`${key}.noRecommendations`)}</Typography>;
    return (
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
            {recommendations.map((recommendation) => {
                const text = recommendationText(recommendation);
                const detail = detailOf(recommendation, figures, formatters, translate);
                return (
                    <li key={recommendation.code}>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                            {translate(text.label)}
                        </Typography>
                        <Typography variant="body2">
                            {translate(text.explanation, {
                                value: formatters.number(text.value),
                                threshold: formatters.number(text.threshold),
                            })}
                        </Typography>
                        {detail ? (
                            <Typography variant="body2" color="text.secondary">
                                {detail}
                            </Typography>
                        ) : null}
                    </li>
                );
            })}
        </Box>
    );
}
