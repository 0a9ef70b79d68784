// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RoleActionsInput } from '../../src/resources/roles/RoleActionsInput';
import { RoleContextsInput } from '../../src/resources/roles/RoleContextsInput';
import { adminWrapper, memoryDataProvider, mockScreenWidth } from './controls-fixtures';

const { Wrapper } = adminWrapper({
    dataProvider: memoryDataProvider([]).dataProvider,
    initialEntry: '/',
});

function RoleForm({ contexts, actions }: { contexts: string[]; actions: string[] }) {
    return (
        <Form defaultValues={{ contexts, actions }}>
            <RoleContextsInput />
            <RoleActionsInput />
        </Form>
    );
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

beforeEach(() => mockScreenWidth(1280));
afterEach(cleanup);

describe('role inputs', () => {
    it('checks required actions with a dependant and unchecks dependants with a requirement', async () => {
        render(<RoleForm contexts={['DEPOT']} actions={[]} />, { wrapper: Wrapper });
        await userEvent.click(await screen.findByRole('checkbox', { name: 'Tour details' }));
        expect(box('Live status').checked).toBe(true);
        expect(box('Tour details').checked).toBe(true);
        await userEvent.click(box('Live status'));
        expect(box('Live status').checked).toBe(false);
        expect(box('Tour details').checked).toBe(false);
        // Each action is explained (aria-describedby).
        expect(box('Tour details').getAttribute('aria-describedby')).toBeTruthy();
        expect(
            document.getElementById(box('Tour details').getAttribute('aria-describedby') ?? '')
                ?.textContent,
        ).toBe('Open a tour with its waypoints and jobs.');
    }, 30_000);

    it('offers only actions of the chosen contexts, keeps subcontractor alone and drops actions no context allows', async () => {
        render(<RoleForm contexts={['DEPOT']} actions={['r:tour', 'r:suco', 'r:driver']} />, {
            wrapper: Wrapper,
        });
        expect(screen.queryByRole('checkbox', { name: 'Parcel finder' })).toBeNull();
        await userEvent.click(box('Organisation'));
        expect(box('Parcel finder')).toBeTruthy();
        await userEvent.click(box('Subcontractor'));
        expect([
            box('Organisation').checked,
            box('Depot').checked,
            box('Subcontractor').checked,
        ]).toEqual([false, false, true]);
        expect(screen.queryByRole('checkbox', { name: 'Live status' })).toBeNull();
        expect(box('View drivers').checked).toBe(true);
        expect(box('View subcontractors').checked).toBe(true);
    }, 30_000);
});
