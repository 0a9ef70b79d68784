/**
 * An organisation's requirement of two-step sign-in for its back-office users (issue 13 point
 * 13): the `frontend.requireMfa` key of its client configuration, which organisation admins may
 * set without the rest of the configuration (admins only).
 */
import { Type, type Static } from 'typebox';

export const MfaRequirement = Type.Object({
    /** Back-office users of the organisation without MFA set it up at their next sign-in. */
    required: Type.Boolean(),
    /** The client configuration's revision this was read from (0: none saved yet). */
    revision: Type.Integer({ minimum: 0 }),
});
export type MfaRequirement = Static<typeof MfaRequirement>;

export const MfaRequirementBody = Type.Object(
    {
        required: Type.Boolean(),
        /** The revision the change is based on (409 STALE_RECORD when the configuration changed meanwhile). */
        baseRevision: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: false },
);
export type MfaRequirementBody = Static<typeof MfaRequirementBody>;
