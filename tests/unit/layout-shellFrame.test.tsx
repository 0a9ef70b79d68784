// @vitest-environment jsdom
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShellFrame } from '../../src/layout/ShellFrame';

const Header = () => <header>Header</header>;
const Sidebar = ({ children }: { children?: ReactNode }) => (
    <nav aria-label="Drawer">{children}</nav>
);
const Menu = () => <div role="menu">Menu</div>;

function frame(page: ReactNode) {
    return render(
        <ThemeProvider theme={createTheme()}>
            <TestMemoryRouter initialEntries={['/somewhere']}>
                <ShellFrame appBar={Header} menu={Menu} sidebar={Sidebar} appBarAlwaysOn>
                    {page}
                </ShellFrame>
            </TestMemoryRouter>
        </ThemeProvider>,
    );
}

function Broken(): ReactNode {
    throw new Error('page exploded');
}

afterEach(cleanup);

describe("the shell's frame", () => {
    it('holds the skip link, the header, the drawer with its menu and the page', () => {
        const { container } = frame(<h1>The page</h1>);
        expect(screen.getByText('Header')).toBeTruthy();
        expect(screen.getByRole('navigation', { name: 'Drawer' }).textContent).toBe('Menu');
        expect(container.querySelector('#main-content h1')?.textContent).toBe('The page');
        expect(
            container.querySelector(
                '.RaLayout-content #main-content, #main-content.RaLayout-content',
            ),
        ).toBeTruthy();
        expect(
            container.querySelector('.layout .RaLayout-appFrame main.RaLayout-contentWithSidebar'),
        ).toBeTruthy();
        expect(screen.getByRole('button', { name: /skip|ra.navigation.skip_nav/i })).toBeTruthy();
    });

    it('shows the error view for a page that throws, keeping the header and the drawer', () => {
        vi.spyOn(console, 'error').mockImplementation(() => undefined);
        const { container } = frame(<Broken />);
        expect(screen.getByText('Header')).toBeTruthy();
        expect(container.querySelector('#main-content')?.textContent).toMatch(
            /ra\.page\.error|Something went wrong/,
        );
        vi.restoreAllMocks();
    });

    it("never reads the page's width while rendering (a forced layout of the whole new page)", () => {
        const widthRead = vi.fn(() => 1280);
        Object.defineProperty(document.body, 'clientWidth', { configurable: true, get: widthRead });
        frame(<h1>The page</h1>);
        expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
        expect(widthRead).not.toHaveBeenCalled();
    });
});
