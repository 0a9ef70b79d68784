import Outbox from '@mui/icons-material/Outbox';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/**
 * The mail outbox (admins of demo and development installations, issue 13 point 14): without a
 * mail server an invitation's temporary password is read here.
 */
export const mailOutbox: PageScreen = {
    kind: 'page',
    name: 'mailOutbox',
    icon: Outbox,
    routes: [
        {
            mount: 'admin',
            path: 'mail-outbox',
            view: lazyView(() =>
                import('./MailOutboxPage').then((module) => module.MailOutboxPage),
            ),
        },
    ],
    navigation: [
        {
            context: 'admin',
            rule: 'mailOutbox',
            group: 'technical',
            order: 95,
            textKey: 'app.navigation.mailOutbox',
            path: 'mail-outbox',
        },
    ],
};
