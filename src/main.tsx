import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getBrowserConfig } from './config';
import { initI18n } from './i18n/i18next';
import { loadPiece } from './lazyPage';
import { startProfileRequest } from './bootProfile';
import { loadApp, loadSignInShell, Root, type RootProps } from './Root';
import { decideStartMode } from './session';
import { createStyleCache } from './styleCache';

const config = getBrowserConfig();
void initI18n();

// The first page's module is loaded before the first render (see RootProps.preloaded).
const start = decideStartMode(config.cognito.userPoolClientId);
// With a session, the profile request runs while the app chunk loads: every guarded page needs it.
if (start === 'app') void startProfileRequest();
const preloaded: RootProps['preloaded'] =
    start === 'app'
        ? { app: await loadPiece(loadApp) }
        : { signIn: await loadPiece(loadSignInShell) };

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
    <StrictMode>
        <CacheProvider value={createStyleCache()}>
            <Root start={start} preloaded={preloaded} />
        </CacheProvider>
    </StrictMode>,
);
