// Lazy page chunks load slowly on a busy machine: give async queries room.
import { configure } from '@testing-library/react';
import { registerLanguageBundle } from '../i18n';
import { enUS } from '../i18n/en-US';

configure({ asyncUtilTimeout: 5000 });

// English is a lazily loaded chunk in the app; the component tests render in English at once.
registerLanguageBundle('en-US', enUS);
