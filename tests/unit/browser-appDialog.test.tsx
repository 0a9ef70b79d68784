// @vitest-environment jsdom
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDialog, type AppDialogProps } from '../../src/layout/dialogs/AppDialog';
import { dialogPaperSx } from '../../src/layout/dialogs/dialogWidths';

afterEach(cleanup);

const show = (props: Partial<AppDialogProps>) => {
    const onRequestClose = vi.fn();
    render(
        <ThemeProvider theme={createTheme()}>
            <AppDialog
                open
                type="info"
                messageKey="app.test.message"
                onRequestClose={onRequestClose}
                {...props}
            />
        </ThemeProvider>,
    );
    return { onRequestClose, dialog: screen.getByRole('alertdialog') };
};

describe('AppDialog', () => {
    it('closes on Enter, Esc and the close button', () => {
        const { onRequestClose, dialog } = show({ descriptionKey: 'app.test.description' });
        expect(dialog.textContent).toContain('app.test.message');
        expect(dialog.textContent).toContain('app.test.description');
        fireEvent.keyDown(dialog, { key: 'Enter' });
        fireEvent.keyDown(dialog, { key: 'Escape' });
        fireEvent.click(screen.getByRole('button', { name: 'app.alert.close' }));
        expect(onRequestClose).toHaveBeenCalledTimes(3);
    });

    it('submits on Enter, then closes, unless the submit is disabled', () => {
        const onSubmit = vi.fn();
        const { onRequestClose, dialog } = show({
            submit: { labelKey: 'app.test.submit', onSubmit },
        });
        fireEvent.keyDown(dialog, { key: 'Enter' });
        expect(onSubmit).toHaveBeenCalledTimes(1);
        expect(onRequestClose).toHaveBeenCalledTimes(1);
        cleanup();

        const blocked = vi.fn();
        const second = show({
            submit: { labelKey: 'app.test.submit', onSubmit: blocked, disabled: true },
        });
        fireEvent.keyDown(second.dialog, { key: 'Enter' });
        expect(blocked).not.toHaveBeenCalled();
        expect(second.onRequestClose).not.toHaveBeenCalled();
    });

    it('keeps a not closable dialog open on Esc and Enter, without a close button', () => {
        const { onRequestClose, dialog } = show({ notClosable: true });
        fireEvent.keyDown(dialog, { key: 'Escape' });
        fireEvent.keyDown(dialog, { key: 'Enter' });
        expect(onRequestClose).not.toHaveBeenCalled();
        expect(screen.queryByRole('button', { name: 'app.alert.close' })).toBeNull();
    });

    it('leaves Enter on a focused button to the button', () => {
        const onSubmit = vi.fn();
        const { onRequestClose } = show({ submit: { labelKey: 'app.test.submit', onSubmit } });
        fireEvent.keyDown(screen.getByRole('button', { name: 'app.alert.close' }), {
            key: 'Enter',
        });
        expect(onSubmit).not.toHaveBeenCalled();
        expect(onRequestClose).not.toHaveBeenCalled();
    });
});

describe('dialog widths', () => {
    it('are 70/50/40vw on medium, large and extra-large screens, 15 more for large dialogs', () => {
        expect(dialogPaperSx()).toMatchObject({ width: { md: '70vw', lg: '50vw', xl: '40vw' } });
        expect(dialogPaperSx(true)).toMatchObject({
            width: { md: '85vw', lg: '65vw', xl: '55vw' },
        });
    });
});
