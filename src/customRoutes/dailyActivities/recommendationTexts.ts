import type { TourRecommendation } from '../../../domain/contracts/tour-activities';
import { MULTIPLE_LOGIN_DEVICES } from '../../../domain/recommendations';

const key = 'app.dailyActivities';

/**
 * The texts of a recommendation (domain §4; docs/analytics.md): its short label, and the key of
 * the sentence that explains it with the figure that raised it and its threshold. Two codes
 * have two sentences: MULTIPLE_APP_LOGINS counts devices (its threshold MULTIPLE_LOGIN_DEVICES)
 * or else logins, and WRONG_START_TIME is signed (negative: early).
 */
export function recommendationText(recommendation: TourRecommendation): {
    label: string;
    explanation: string;
    value: number;
    threshold: number;
} {
    const { code, value, threshold } = recommendation;
    let variant: string = code;
    if (code === 'MULTIPLE_APP_LOGINS')
        variant = threshold === MULTIPLE_LOGIN_DEVICES ? 'MULTIPLE_APP_LOGINS' : 'MULTIPLE_LOGINS';
    if (code === 'WRONG_START_TIME')
        variant = value < 0 ? 'WRONG_START_TIME_EARLY' : 'WRONG_START_TIME_LATE';
    return {
        label: `${key}.recommendations.${code}`,
        explanation: `${key}.explanations.${variant}`,
        value: Math.abs(value),
        threshold,
    };
}
