import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors } from '../../../domain/contracts/common.js';
import {
    UserSettings,
    UserSettingsAnswer,
    UserSettingsPatch,
} from '../../../domain/contracts/settings.js';
import { isUserSettingsValue, userSettingsOptions } from '../../../domain/userSettings.js';
import { signedIn } from '../../access/route-access.js';
import { badRequest } from '../../errors.js';
import { changeSetting, replaceSettings } from './settings-repository.js';

/**
 * The caller's display settings (shell §2.4, §7): `PUT` stores all five (the browser uses it
 * while none are stored; it replaces them otherwise), `PATCH` one at a time. Both are audited.
 */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.put(
        '/users/me/settings',
        {
            config: { access: signedIn({ rows: 'own' }) },
            schema: {
                tags: ['back-office'],
                summary: "Stores all of the caller's settings (creates or replaces them)",
                body: UserSettings,
                response: { 200: UserSettingsAnswer, ...authErrors },
            },
        },
        async (request) => ({
            userSettings: await replaceSettings(fastify.db, request, request.body),
        }),
    );

    fastify.patch(
        '/users/me/settings',
        {
            config: { access: signedIn({ rows: 'own' }) },
            schema: {
                tags: ['back-office'],
                summary:
                    "Changes one of the caller's settings; without stored settings the others are the defaults",
                body: UserSettingsPatch,
                response: { 200: UserSettingsAnswer, ...authErrors },
            },
        },
        async (request) => {
            const { settingsKey, settingsValue } = request.body;
            if (!isUserSettingsValue(settingsKey, settingsValue)) {
                const allowed = userSettingsOptions[settingsKey].join(', ');
                throw badRequest(
                    `/body/settingsValue must be one of ${allowed} for ${settingsKey}`,
                    [{ field: '/body/settingsValue', message: `must be one of ${allowed}` }],
                );
            }
            return {
                userSettings: await changeSetting(fastify.db, request, settingsKey, settingsValue),
            };
        },
    );
};
