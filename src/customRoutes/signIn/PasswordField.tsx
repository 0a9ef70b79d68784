import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { SignInField, type SignInFieldProps } from './SignInField';
import { MAX_PASSWORD_LENGTH } from '../../../domain/passwordPolicy';

/** A password field with a show/hide button; used by the sign-in pages and the change-password page. */
export function PasswordField(props: Omit<SignInFieldProps, 'type' | 'endAdornment'>) {
    const translate = useAppTranslate();
    const [shown, setShown] = useState(false);
    return (
        <SignInField
            required
            fullWidth
            {...props}
            type={shown ? 'text' : 'password'}
            inputProps={{ maxLength: MAX_PASSWORD_LENGTH, ...props.inputProps }}
            endAdornment={
                <InputAdornment position="end">
                    <IconButton
                        aria-label={translate(
                            shown ? 'app.signIn.hidePassword' : 'app.signIn.showPassword',
                        )}
                        aria-pressed={shown}
                        onClick={() => setShown((value) => !value)}
                        edge="end"
                    >
                        {shown ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                </InputAdornment>
            }
        />
    );
}
