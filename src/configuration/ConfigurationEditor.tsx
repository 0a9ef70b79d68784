import { Box, Button, CircularProgress, Typography } from '@mui/material';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, FormValidation } from '@rjsf/utils';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { configCrossFieldErrors, sameDocument } from '../../domain/clientConfigs';
import type { ConfigDocument, ConfigRevision } from '../../domain/contracts/client-configs';
import { schemaNameOf } from '../dataProviders/clientConfigsDataProvider';
import type { AppDataProvider } from '../dataProviders';
import { useFormatters } from '../settings/useFormatters';
import {
    buildUiSchema,
    rjsfTranslator,
    serverErrorSchema,
    translateErrors,
} from './configUiSchema';
import type { ConfigurationOwner } from './configurationOwner';
import { configQueryKeys, type LoadedConfigSchema } from './useConfigSchema';

/** Only the required fields' defaults are filled in: optional overrides (a depot's hours) stay absent until typed. */
const defaultsBehaviour = { emptyObjectFields: 'populateRequiredDefaults' } as const;

/** The form's check of the rules JSON Schema cannot state (`configCrossFieldErrors`), shown on the field. */
function crossFieldValidator(name: ReturnType<typeof schemaNameOf>, message: string) {
    return (data: ConfigDocument | undefined, errors: FormValidation<ConfigDocument>) => {
        for (const error of configCrossFieldErrors(name, data)) {
            let node: unknown = errors;
            for (const segment of error.field.split('/').filter(Boolean))
                node =
                    node && typeof node === 'object'
                        ? (node as Record<string, unknown>)[segment]
                        : undefined;
            if (
                node &&
                typeof node === 'object' &&
                'addError' in node &&
                typeof node.addError === 'function'
            )
                (node as { addError(text: string): void }).addError(message);
        }
        return errors;
    };
}

/** The generated form of one revision (loaded on demand: RJSF stays out of the app's first chunk). */
export function ConfigurationEditor({
    owner,
    canEdit,
    loaded,
    revision,
}: {
    owner: ConfigurationOwner;
    canEdit: boolean;
    loaded: LoadedConfigSchema;
    revision: ConfigRevision;
}) {
    const translate = useTranslate();
    const notify = useNotify();
    const formatters = useFormatters();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<AppDataProvider>();
    const keys = configQueryKeys(owner);
    const uiSchema = useMemo(
        () => ({
            ...buildUiSchema(loaded.schema, translate),
            'ui:submitButtonOptions': { norender: true },
        }),
        [loaded.schema, translate],
    );
    const translateString = useMemo(() => rjsfTranslator(translate), [translate]);
    const transformErrors = useMemo(() => translateErrors(translate), [translate]);
    const schemaName = schemaNameOf(owner);
    const customValidate = useMemo(
        () => crossFieldValidator(schemaName, translate('app.clientConfig.errors.mediumAboveGood')),
        [schemaName, translate],
    );
    const [formData, setFormData] = useState<ConfigDocument>(revision.document);
    const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
    const [saving, setSaving] = useState(false);
    const changed = revision.revision === 0 || !sameDocument(formData, revision.document);

    const refresh = () =>
        Promise.all([
            queryClient.invalidateQueries({ queryKey: keys.current }),
            queryClient.invalidateQueries({ queryKey: keys.history }),
        ]);

    const save = async ({ formData: document }: IChangeEvent<ConfigDocument>) => {
        setSaving(true);
        setServerErrors(undefined);
        try {
            const saved = await dataProvider.saveClientConfig(owner, {
                document: document ?? {},
                baseRevision: revision.revision,
            });
            notify(
                saved.revision === revision.revision
                    ? 'app.clientConfig.unchanged'
                    : 'app.clientConfig.saved',
                { type: 'success', messageArgs: { revision: saved.revision } },
            );
            await refresh();
        } catch (error) {
            const body =
                error instanceof HttpError
                    ? (error.body as
                          | { code?: string; details?: { field?: string; message: string }[] }
                          | undefined)
                    : undefined;
            if (body?.code === 'STALE_RECORD') {
                notify('app.clientConfig.stale', { type: 'warning' });
                await refresh();
            } else if (body?.code === 'INVALID_CLIENT_CONFIG') {
                setServerErrors(
                    serverErrorSchema(
                        body.details ?? [],
                        translate('app.clientConfig.errors.server'),
                    ),
                );
                notify('app.clientConfig.invalid', { type: 'error' });
            } else {
                notify('app.clientConfig.saveError', { type: 'error' });
            }
        } finally {
            setSaving(false);
        }
    };

    return (
        <Box sx={{ maxWidth: 900 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {revision.revision === 0
                    ? translate('app.clientConfig.noRevision')
                    : translate('app.clientConfig.currentRevision', {
                          revision: revision.revision,
                          when: formatters.dateTime(revision.createdAt),
                          who:
                              revision.createdBy?.name ?? translate('app.clientConfig.unknownUser'),
                      })}
            </Typography>
            <Form
                schema={loaded.schema}
                validator={loaded.validator}
                uiSchema={uiSchema}
                formData={formData}
                onChange={(event: IChangeEvent<ConfigDocument>) =>
                    setFormData(event.formData ?? {})
                }
                onSubmit={save}
                translateString={translateString}
                transformErrors={transformErrors}
                customValidate={customValidate}
                extraErrors={serverErrors}
                showErrorList={false}
                noHtml5Validate
                disabled={!canEdit || saving}
                experimental_defaultFormStateBehavior={defaultsBehaviour}
            >
                {canEdit ? (
                    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2 }}>
                        <Button
                            type="submit"
                            variant="contained"
                            disabled={!changed || saving}
                            startIcon={saving ? <CircularProgress size={16} /> : undefined}
                        >
                            {translate('app.clientConfig.save')}
                        </Button>
                        {changed && revision.revision > 0 ? (
                            <Button
                                variant="text"
                                disabled={saving}
                                onClick={() => setFormData(revision.document)}
                            >
                                {translate('app.clientConfig.discard')}
                            </Button>
                        ) : null}
                    </Box>
                ) : (
                    <></>
                )}
            </Form>
        </Box>
    );
}
