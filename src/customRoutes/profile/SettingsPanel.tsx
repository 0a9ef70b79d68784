import Cookie from '@mui/icons-material/CookieOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { isUserSettingsValue, type UserSettingsKey } from '../../../domain/userSettings';
import type { UserSettings } from '../../../domain/contracts/settings';
import { ConsentDialog } from '../../analytics/ConsentDialog';
import { AlertDialog } from '../../layout/AlertDialog';
import { settingsPreview } from '../../settings/settingsExamples';
import { useFormatters } from '../../settings/useFormatters';
import { useUserSettings } from '../../settings/useUserSettings';
import { SettingsRadioGroup } from './SettingsRadioGroup';

/** The panel's order (shell §2.4): date, number, length, time, weight. */
const panelSettings = [
    'dateFormat',
    'numberFormat',
    'lengthFormat',
    'timeFormat',
    'weightFormat',
] as const satisfies readonly UserSettingsKey[];

/**
 * The signed-in user's display settings (shell §2.4): each change is saved at once and applies
 * everywhere; a failure shows the generic error and keeps the previous value. A summary line
 * renders fixed samples in the settings in effect. Plus the cookie settings.
 */
export function SettingsPanel() {
    const translate = useTranslate();
    const notify = useNotify();
    const { settings, saveSetting } = useUserSettings();
    const formatters = useFormatters();
    // Choices being saved show as selected; the queue in useUserSettings sends them in order.
    const [pending, setPending] = useState<Partial<UserSettings>>({});
    const [failed, setFailed] = useState(false);
    const [consentOpen, setConsentOpen] = useState(false);
    const shown: UserSettings = { ...settings, ...pending };

    const change = async (key: UserSettingsKey, value: string) => {
        if (shown[key] === value || !isUserSettingsValue(key, value)) return;
        setPending((current) => ({ ...current, [key]: value }));
        try {
            await saveSetting(key, value);
            notify('app.settings.saved', { type: 'success' });
        } catch (error) {
            console.error('Saving a setting failed', error);
            setFailed(true);
        } finally {
            setPending((current) => {
                if (current[key] !== value) return current;
                const { [key]: _done, ...rest } = current;
                return rest;
            });
        }
    };

    return (
        <Box>
            <Box
                sx={{
                    display: 'grid',
                    gridTemplateColumns: {
                        xs: '1fr',
                        sm: 'repeat(2, minmax(0, 1fr))',
                        lg: 'repeat(3, minmax(0, 1fr))',
                    },
                    gap: 3,
                }}
            >
                {panelSettings.map((setting) => (
                    <SettingsRadioGroup
                        key={setting}
                        setting={setting}
                        value={shown[setting]}
                        settings={shown}
                        onChange={(value) => void change(setting, value)}
                    />
                ))}
            </Box>
            <Typography data-testid="settings-preview" sx={{ mt: 3 }} aria-live="polite">
                {translate('app.settings.preview', { values: settingsPreview(formatters) })}
            </Typography>
            <Button
                startIcon={<Cookie />}
                variant="outlined"
                onClick={() => setConsentOpen(true)}
                sx={{ mt: 3 }}
            >
                {translate('app.settings.cookieSettings')}
            </Button>
            <ConsentDialog open={consentOpen} onClose={() => setConsentOpen(false)} />
            <AlertDialog open={failed} type="error" onClose={() => setFailed(false)} />
        </Box>
    );
}
