// Lazy page chunks load slowly on a busy machine: give async queries room.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
