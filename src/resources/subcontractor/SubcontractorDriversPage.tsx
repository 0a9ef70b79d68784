import { Card, Typography } from '@mui/material';
import { Navigate, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { subcontractorDriverScopes } from '../../../domain/navigationRules';
import { splitScopePath } from '../../../domain/scopePath';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useUserProfile } from '../../useUserProfile';
import { OWN_SUBCONTRACTOR } from './ownSubcontractor';
import { SubcontractorDrivers } from './SubcontractorDrivers';

/**
 * The subcontractor user's driver list (`/depot/:t/:d/subcontractor/:sucoId/drivers`): the
 * drivers of a subcontractor of the selected depot where the user may view drivers. `own` (the
 * drawer's link) opens the user's first such subcontractor.
 */
export function SubcontractorDriversPage() {
    const { sucoId = '' } = useParams<{ sucoId: string }>();
    const translate = useTranslate();
    const { scope } = useSelectedScope();
    const { profile } = useUserProfile();
    const scopes =
        profile && scope.depotPath
            ? subcontractorDriverScopes(profile.actions, scope.depotPath)
            : [];
    if (sucoId === OWN_SUBCONTRACTOR) {
        const own = scopes[0];
        return own ? (
            <Navigate
                to={`../../${encodeURIComponent(splitScopePath(own).at(-1) ?? '')}/drivers`}
                relative="path"
                replace
            />
        ) : null;
    }
    const path = scope.depotPath ? `${scope.depotPath}.${sucoId}` : '';
    return (
        <Card sx={{ mt: 1 }}>
            <Typography component="h1" variant="h5" sx={{ px: 2, pt: 2 }}>
                {translate('app.fleet.navigation.subcontractorDrivers')}
            </Typography>
            {path && <SubcontractorDrivers path={path} />}
        </Card>
    );
}
