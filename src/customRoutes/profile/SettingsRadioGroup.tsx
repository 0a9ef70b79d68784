import { Box, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { userSettingsOptions, type UserSettingsKey } from '../../../domain/userSettings';
import type { UserSettings } from '../../../domain/contracts/settings';
import { optionExample } from '../../settings/settingsExamples';

export interface SettingsRadioGroupProps {
    setting: UserSettingsKey;
    value: string;
    /** The settings in effect, for rendering each option's example. */
    settings: UserSettings;
    onChange: (value: string) => void;
}

/** One setting as a radio group: a legend and one option per allowed value, each with its name and an example. */
export function SettingsRadioGroup({
    setting,
    value,
    settings,
    onChange,
}: SettingsRadioGroupProps) {
    const translate = useTranslate();
    const legendId = useId();
    const options: readonly string[] = userSettingsOptions[setting];
    return (
        <FormControl component="fieldset" sx={{ minWidth: 0 }}>
            <FormLabel component="legend" id={legendId} sx={{ fontWeight: 500, mb: 0.5 }}>
                {translate(`app.settings.groups.${setting}`)}
            </FormLabel>
            <RadioGroup
                aria-labelledby={legendId}
                name={setting}
                value={value}
                onChange={(event) => onChange(event.target.value)}
            >
                {options.map((option) => (
                    <FormControlLabel
                        key={option}
                        value={option}
                        control={<Radio size="small" />}
                        label={
                            <>
                                {translate(`app.settings.options.${option}`)}{' '}
                                <Box
                                    component="span"
                                    sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}
                                >
                                    ({optionExample(setting, option, settings)})
                                </Box>
                            </>
                        }
                    />
                ))}
            </RadioGroup>
        </FormControl>
    );
}
