import Link from '@mui/material/Link';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { LOGIN_ROUTE } from '../../session';

/** Leaves a sign-in step or the password reset for the sign-in form. */
export function BackToSignInLink({ onClick }: { onClick: () => void }) {
    const translate = useAppTranslate();
    return (
        <Link
            href={LOGIN_ROUTE}
            variant="body2"
            sx={{ alignSelf: 'center' }}
            onClick={(event) => {
                event.preventDefault();
                onClick();
            }}
        >
            {translate('app.signIn.backToSignIn')}
        </Link>
    );
}
