// Problem pages: placeholders until the problem area is built.
import { Placeholder } from '../shell/Placeholder';

export const ProblemList = () => <Placeholder titleKey="page.problemList" />;
export const ProblemDetails = () => <Placeholder titleKey="page.problemDetails" />;
export const FullScreenProblem = () => <Placeholder titleKey="page.fullScreenProblem" />;
