// The problem detail route (spec §2 Problem detail): a chunk of its own, without the problem list.
import { isProblemPage, preloadProblemChunks } from './preload';
import { ProblemDetailPage } from './ProblemDetailPage';

// Reached by a link (no page load): fetch the editor while the route renders (issue #16).
if (typeof window !== 'undefined' && isProblemPage(window.location.pathname)) preloadProblemChunks();

export const ProblemDetails = () => <ProblemDetailPage />;
export const FullScreenProblem = () => <ProblemDetailPage fullScreen />;
