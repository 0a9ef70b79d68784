import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureAmplify } from './amplify';
import { getBrowserConfig } from './config';
import { initI18n } from './i18n/i18next';
import { Root } from './Root';
import { createStyleCache } from './styleCache';

const config = getBrowserConfig();
configureAmplify(config);
void initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
    <StrictMode>
        <CacheProvider value={createStyleCache()}>
            <Root clientId={config.cognito.userPoolClientId} />
        </CacheProvider>
    </StrictMode>,
);
