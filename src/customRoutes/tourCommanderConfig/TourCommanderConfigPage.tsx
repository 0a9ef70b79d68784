import { Alert, Box, MenuItem, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { ClientConfigurationForm } from '../../configuration/ClientConfigurationForm';
import { ClientConfigurationHistory } from '../../configuration/ClientConfigurationHistory';

interface Organisation {
    id: string;
    name: string;
}

/**
 * `/administration/tour-commander/tenant-config` (shell §2.5): the tour commander's configuration
 * of an organisation, edited through the same generated form and history as the client
 * configurations (admins only).
 */
export function TourCommanderConfigPage() {
    const translate = useTranslate();
    const { data, isPending, error } = useGetList<Organisation>('organizations', {
        pagination: { page: 1, perPage: 500 },
        sort: { field: 'name', order: 'ASC' },
    });
    const [chosen, setChosen] = useState<string>('');
    const [tab, setTab] = useState<'configuration' | 'history'>('configuration');
    const tenantId = chosen || data?.[0]?.id || '';
    return (
        <Box sx={{ mt: 1 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
                <Typography component="h1" variant="h5" sx={{ mr: 'auto' }}>
                    {translate('app.clientConfig.tourCommanderTitle')}
                </Typography>
                {data && data.length > 0 ? (
                    <TextField
                        select
                        size="small"
                        sx={{ minWidth: 280 }}
                        label={translate('app.clientConfig.organisation')}
                        value={tenantId}
                        onChange={(event) => setChosen(event.target.value)}
                    >
                        {data.map((organisation) => (
                            <MenuItem key={organisation.id} value={organisation.id}>
                                {organisation.name}
                            </MenuItem>
                        ))}
                    </TextField>
                ) : null}
            </Box>
            {error ? (
                <Alert severity="error">{translate('app.clientConfig.organisationsError')}</Alert>
            ) : isPending ? (
                <Loading />
            ) : !tenantId ? (
                <Typography>{translate('app.clientConfig.noOrganisations')}</Typography>
            ) : (
                <>
                    <Tabs
                        value={tab}
                        onChange={(_event, value: 'configuration' | 'history') => setTab(value)}
                        aria-label={translate('app.clientConfig.tourCommanderTitle')}
                        sx={{ mb: 2 }}
                    >
                        <Tab
                            value="configuration"
                            label={translate('app.clientConfig.configurationTab')}
                            id="tc-tab-configuration"
                            aria-controls="tc-panel-configuration"
                        />
                        <Tab
                            value="history"
                            label={translate('app.clientConfig.historyTab')}
                            id="tc-tab-history"
                            aria-controls="tc-panel-history"
                        />
                    </Tabs>
                    <Box role="tabpanel" id={`tc-panel-${tab}`} aria-labelledby={`tc-tab-${tab}`}>
                        {tab === 'configuration' ? (
                            <ClientConfigurationForm
                                key={tenantId}
                                owner={{ kind: 'tourCommander', tenantId }}
                                canEdit
                            />
                        ) : (
                            <ClientConfigurationHistory
                                key={tenantId}
                                owner={{ kind: 'tourCommander', tenantId }}
                                canEdit
                            />
                        )}
                    </Box>
                </>
            )}
        </Box>
    );
}
