import {
    Alert,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    Stack,
} from '@mui/material';
import { useId, useMemo } from 'react';
import {
    Form,
    SelectInput,
    TextInput,
    useCreate,
    useGetList,
    useTranslate,
    useUpdate,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type { AppUser, DriverType, Subcontractor, Vehicle } from '../../../domain/contracts/fleet';
import { usernameMaxLength, usernameRuleNeedsEmail } from '../../../domain/userRules';
import type { AppUserRecord } from '../../dataProviders/appUsersDataProvider';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { useRecordNoticeText } from '../../notifications/useRecordNotice';
import { validateAppUser, type AppUserFormValues } from './appUserRules';
import { errorDescriptionKey } from './fleetErrors';
import { useTenantFrontendConfiguration } from './useFleetView';

export interface AppUserDialogProps {
    open: boolean;
    onClose: () => void;
    /** The react-admin resource the account is listed in (its lists are refreshed). */
    resource: string;
    driverType: DriverType;
    /** The account to edit; none to create one. */
    record?: AppUser;
    /** Which subcontractors may be chosen (`/api/subcontractors` filter: depotId or path). */
    subcontractorFilter: Record<string, string>;
    /** The view's organisation, until a subcontractor names one. */
    tenantId?: string;
}

const many = { page: 1, perPage: 500 };

/**
 * Create or edit a driver app account or courier account (domain §3, §5): username by the
 * organisation's rule (create only), names, mobile, e-mail (required for the Italian rule),
 * subcontractor and a vehicle of that subcontractor. Choosing another subcontractor for an
 * existing account moves it there; its vehicle stays with the old subcontractor (domain §4).
 */
export function AppUserDialog(props: AppUserDialogProps) {
    const { open, onClose, resource, driverType, record, subcontractorFilter, tenantId } = props;
    const translate = useTranslate();
    const dialog = useAppDialog();
    // One text for both lists (the organisation's and the administration's).
    const noticeText = useRecordNoticeText(resource, 'app-accounts');
    const titleId = useId();
    const [create] = useCreate<AppUserRecord>();
    const [update] = useUpdate<AppUser>();
    const { data: subcontractors = [] } = useGetList<Subcontractor>(
        'subcontractor',
        { filter: subcontractorFilter, pagination: many, sort: { field: 'name', order: 'ASC' } },
        { enabled: open },
    );
    const isCreate = !record;
    const defaults = useMemo<AppUserFormValues & { version?: number }>(
        () =>
            record
                ? { ...record, email: record.email ?? '', vehicleId: record.vehicleId ?? '' }
                : {
                      username: '',
                      email: '',
                      firstName: '',
                      lastName: '',
                      mobilePhone: '',
                      subcontractorId: subcontractors.length === 1 ? subcontractors[0]?.id : '',
                      vehicleId: '',
                  },
        [record, subcontractors],
    );

    const fail = (error: unknown, values: AppUserFormValues) =>
        dialog.open({
            type: 'error',
            descriptionKey: errorDescriptionKey('user', error),
            values: {
                email: values.email ?? '',
                mobilePhone: values.mobilePhone ?? '',
                username: values.username ?? record?.username ?? '',
            },
        });

    const submit = (values: AppUserFormValues & { version?: number }) => {
        if (record) {
            update(
                resource,
                { id: record.id, data: values, previousData: record },
                {
                    mutationMode: 'pessimistic',
                    onSuccess: (updated) => {
                        onClose();
                        const { key, values: named } = noticeText('updated', updated);
                        dialog.open({ type: 'success', messageKey: key, values: named });
                    },
                    onError: (error) => fail(error, values),
                },
            );
            return;
        }
        create(
            resource,
            { data: { ...values, driverType } },
            {
                onSuccess: (created) => {
                    onClose();
                    const password = created.temporaryPassword;
                    if (!password) {
                        const { key, values: named } = noticeText('created', created);
                        return dialog.open({ type: 'success', messageKey: key, values: named });
                    }
                    dialog.open({
                        type: 'success',
                        messageKey: 'app.fleet.temporaryPasswordTitle',
                        descriptionKey: 'app.fleet.temporaryPassword',
                        values: { username: created.username, password },
                        submit: {
                            labelKey: 'app.fleet.copyPassword',
                            keepOpen: true,
                            onSubmit: () => void navigator.clipboard?.writeText(password),
                        },
                    });
                },
                onError: (error) => fail(error, values),
            },
        );
    };

    return (
        <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
            <DialogTitle id={titleId}>
                {translate(
                    isCreate ? `app.fleet.create.${driverType}` : `app.fleet.edit.${driverType}`,
                )}
            </DialogTitle>
            {open && (
                <Form
                    record={defaults}
                    onSubmit={(values: Record<string, unknown>) =>
                        submit(values as AppUserFormValues & { version?: number })
                    }
                    mode="onChange"
                    reValidateMode="onChange"
                    noValidate
                >
                    <AppUserFields
                        record={record}
                        subcontractors={subcontractors}
                        tenantId={tenantId}
                        onCancel={onClose}
                    />
                </Form>
            )}
        </Dialog>
    );
}

interface AppUserFieldsProps {
    record: AppUser | undefined;
    subcontractors: Subcontractor[];
    tenantId: string | undefined;
    onCancel: () => void;
}

/** The form's inputs; the rules follow the organisation of the chosen subcontractor. */
function AppUserFields({ record, subcontractors, tenantId, onCancel }: AppUserFieldsProps) {
    const translate = useTranslate();
    const subcontractorId = useWatch<AppUserFormValues, 'subcontractorId'>({
        name: 'subcontractorId',
    });
    const { isDirty, isSubmitting } = useFormState();
    const chosen = subcontractors.find((subcontractor) => subcontractor.id === subcontractorId);
    const { configuration } = useTenantFrontendConfiguration(
        chosen?.tenantId ?? record?.tenantId ?? tenantId,
    );
    const rule = configuration.driverUsernameRule;
    const moved =
        record !== undefined &&
        Boolean(subcontractorId) &&
        subcontractorId !== record.subcontractorId;
    const { data: vehicles = [] } = useGetList<Vehicle>(
        'vehicles',
        {
            filter: { subcontractorId: subcontractorId ?? '' },
            pagination: many,
            sort: { field: 'number', order: 'ASC' },
        },
        { enabled: Boolean(subcontractorId) && !moved },
    );
    const validate = (values: AppUserFormValues) =>
        validateAppUser(values, { rule, isCreate: record === undefined });
    const needsEmail = usernameRuleNeedsEmail(rule);
    const subcontractorChoices = subcontractors.map((subcontractor) => ({
        id: subcontractor.id,
        name: `${subcontractor.name} (${subcontractor.code})`,
    }));

    return (
        <>
            <DialogContent>
                <Stack>
                    <TextInput
                        source="username"
                        label="app.fleet.fields.username"
                        disabled={record !== undefined}
                        validate={(_value, values) =>
                            validate(values as AppUserFormValues).username
                        }
                        // The username cannot change: the rule matters on create only (and a disabled field's grey hint fails contrast).
                        helperText={
                            record
                                ? false
                                : translate('app.fleet.usernameRule', {
                                      rule: translate(`app.fleet.usernameRules.${rule}`),
                                      maxLength: usernameMaxLength[rule],
                                  })
                        }
                        slotProps={{
                            htmlInput: { maxLength: usernameMaxLength[rule], autoComplete: 'off' },
                        }}
                    />
                    <TextInput
                        source="firstName"
                        label="app.fleet.fields.firstName"
                        validate={(_value, values) =>
                            validate(values as AppUserFormValues).firstName
                        }
                    />
                    <TextInput
                        source="lastName"
                        label="app.fleet.fields.lastName"
                        validate={(_value, values) =>
                            validate(values as AppUserFormValues).lastName
                        }
                    />
                    <TextInput
                        source="mobilePhone"
                        label="app.fleet.fields.mobilePhone"
                        type="tel"
                        validate={(_value, values) =>
                            validate(values as AppUserFormValues).mobilePhone
                        }
                        helperText={translate('app.fleet.mobileHint')}
                        slotProps={{ htmlInput: { maxLength: 15, autoComplete: 'off' } }}
                    />
                    <TextInput
                        source="email"
                        label={
                            needsEmail ? 'app.fleet.fields.emailRequired' : 'app.fleet.fields.email'
                        }
                        type="email"
                        validate={(_value, values) => validate(values as AppUserFormValues).email}
                        helperText={needsEmail ? translate('app.fleet.emailIsLogin') : false}
                    />
                    <SelectInput
                        source="subcontractorId"
                        label="app.fleet.fields.subcontractor"
                        choices={subcontractorChoices}
                        validate={(_value, values) =>
                            validate(values as AppUserFormValues).subcontractorId
                        }
                        emptyText={translate('app.fleet.chooseSubcontractor')}
                    />
                    {moved ? (
                        <Alert severity="info" role="status">
                            {translate('app.fleet.moveNote')}
                        </Alert>
                    ) : (
                        <SelectInput
                            source="vehicleId"
                            label="app.fleet.fields.vehicle"
                            choices={vehicles.map((vehicle) => ({
                                id: vehicle.id,
                                name: vehicle.number,
                            }))}
                            disabled={!subcontractorId}
                            emptyText={translate('app.fleet.noVehicle')}
                            emptyValue=""
                        />
                    )}
                </Stack>
            </DialogContent>
            <DialogActions>
                <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
                <Button
                    type="submit"
                    variant="contained"
                    disabled={isSubmitting || (record !== undefined && !isDirty)}
                >
                    {translate('ra.action.save')}
                </Button>
            </DialogActions>
        </>
    );
}
