import type { RoleContext } from './enums.js';

/**
 * Page-change analytics (shell §2.8 "each page change is tracked", §6 "Analytics records role
 * names with context", §9 "Internal email domains: analytics are not sent for them. Analytics
 * only with analytics consent"). A page view names the page and the viewer's roles, never the
 * viewer.
 */

/** Screen size classes of the layout (MUI breakpoints). */
export const screenClasses = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type ScreenClass = (typeof screenClasses)[number];

export const PAGE_VIEW_PATH_MAX_LENGTH = 300;
export const PAGE_VIEW_ROUTE_NAME_MAX_LENGTH = 60;

/** `CONTEXT:Role name` for every context of every role the viewer holds (sorted, once each). */
export function analyticsRoleNames(
    roles: readonly { name: string; contexts: readonly RoleContext[] }[],
): string[] {
    return [
        ...new Set(
            roles.flatMap((role) => role.contexts.map((context) => `${context}:${role.name}`)),
        ),
    ].sort();
}

/** True when the e-mail address belongs to one of the internal domains (case-insensitive, exact domain). */
export function isInternalEmail(
    email: string | null | undefined,
    internalDomains: readonly string[],
): boolean {
    if (!email) return false;
    const at = email.lastIndexOf('@');
    if (at < 0) return false;
    const domain = email
        .slice(at + 1)
        .trim()
        .toLowerCase();
    return internalDomains.some((internal) => internal.trim().toLowerCase() === domain);
}
