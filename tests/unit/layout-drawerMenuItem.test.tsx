// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TestMemoryRouter } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrawerMenuItem } from '../../src/layout/DrawerMenuItem';

function Where() {
    return <output aria-label="location">{useLocation().pathname}</output>;
}

function setup(at: string, onClick?: () => void) {
    render(
        <TestMemoryRouter initialEntries={[at]}>
            <div role="menu">
                <DrawerMenuItem to="/depot/t/1" text="Depot overview" icon={null} open exact />
                <DrawerMenuItem
                    to="/depot/t/1/statistics/live-status"
                    text="Live status"
                    icon={null}
                    open
                    label="Live status (3 notifications)"
                    onClick={onClick}
                />
                <DrawerMenuItem
                    to="/depot/t/1/subcontractors"
                    text="Subcontractors"
                    icon={null}
                    open
                />
            </div>
            <Where />
        </TestMemoryRouter>,
    );
}

const item = (name: string | RegExp) => screen.getByRole('menuitem', { name });

afterEach(cleanup);

describe('an entry of the navigation drawer', () => {
    it('marks the entry of the current page, and the index entry only on its own page', () => {
        setup('/depot/t/1/statistics/live-status');
        expect(item(/^Live status/).className).toContain('AppDrawerItem-active');
        expect(item(/^Live status/).getAttribute('aria-current')).toBe('page');
        expect(item('Depot overview').className).not.toContain('AppDrawerItem-active');
        expect(item('Subcontractors').className).not.toContain('AppDrawerItem-active');
        cleanup();

        setup('/depot/t/1');
        expect(item('Depot overview').className).toContain('AppDrawerItem-active');
        expect(item('Depot overview').getAttribute('aria-current')).toBe('page');
    });

    it('stays marked on the pages below a list, without claiming to be the current page', () => {
        setup('/depot/t/1/subcontractors/s-9/show');
        expect(item('Subcontractors').className).toContain('AppDrawerItem-active');
        expect(item('Subcontractors').getAttribute('aria-current')).toBeNull();
    });

    it('is a focusable link named by its label, and navigates on click', () => {
        const onClick = vi.fn();
        setup('/depot/t/1', onClick);
        const live = item('Live status (3 notifications)');
        expect(live.getAttribute('tabindex')).toBe('0');
        expect(live.getAttribute('href')).toBe('/depot/t/1/statistics/live-status');
        fireEvent.click(live);
        expect(onClick).toHaveBeenCalledOnce();
        expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
            '/depot/t/1/statistics/live-status',
        );
    });
});
