import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { groupSetupKey } from './formRules';

/** The TOTP secret as text, in groups of four, with a copy button: the QR code's alternative. */
export function SetupKey({ secret }: { secret: string }) {
    const translate = useAppTranslate();
    const [copied, setCopied] = useState(false);
    const keyRef = useRef<HTMLElement>(null);

    const copy = async () => {
        try {
            await navigator.clipboard.writeText(secret);
            setCopied(true);
        } catch {
            // No clipboard (e.g. not a secure context): select the key for the user to copy.
            const key = keyRef.current;
            if (key) window.getSelection()?.selectAllChildren(key);
        }
    };

    return (
        <Box>
            <Typography variant="subtitle2" component="p">
                {translate('app.mfa.setupKey')}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                <Box
                    component="code"
                    ref={keyRef}
                    sx={{
                        fontFamily: 'monospace',
                        fontSize: '1rem',
                        wordSpacing: '0.25em',
                        bgcolor: 'action.hover',
                        px: 1,
                        py: 0.5,
                        borderRadius: 1,
                        userSelect: 'all',
                    }}
                >
                    {groupSetupKey(secret)}
                </Box>
                <Button size="small" startIcon={<ContentCopy />} onClick={() => void copy()}>
                    {translate('app.mfa.copyKey')}
                </Button>
            </Box>
            <Typography
                role="status"
                variant="body2"
                color="text.secondary"
                sx={{ minHeight: '1.5em' }}
            >
                {copied ? translate('app.mfa.keyCopied') : ''}
            </Typography>
        </Box>
    );
}
