import { backOfficeUserTypes } from '../../domain/enums.js';
import { technicalRole, technicalRoles } from '../../domain/roles.js';
import type { DemoStaffMember } from './backoffice.js';
import type { DemoLogin } from './types.js';

const loginOf = (role: string, member: DemoStaffMember): DemoLogin => ({
    role,
    email: member.email,
    password: member.password,
    userType: member.user.type,
});

/**
 * One demo sign-in per technical role that back-office users hold (preferring a user whose
 * main role it is), then one for each back-office user type not shown yet.
 */
export function demoLogins(staff: readonly DemoStaffMember[]): DemoLogin[] {
    const logins: DemoLogin[] = [];
    const shownTypes = new Set<string>();
    for (const role of technicalRoles) {
        const member =
            staff.find((candidate) => candidate.roleIds[0] === role.id) ??
            staff.find((candidate) => candidate.roleIds.includes(role.id));
        if (!member) continue;
        logins.push(loginOf(role.name, member));
        shownTypes.add(member.user.type);
    }
    for (const type of backOfficeUserTypes) {
        const member = staff.find((candidate) => candidate.user.type === type);
        if (!member || shownTypes.has(type)) continue;
        logins.push(loginOf(`${technicalRole(member.roleIds[0] ?? '').name} [${type}]`, member));
    }
    return logins;
}
