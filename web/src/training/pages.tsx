// Training pages: placeholders until the training area is built.
import { Placeholder } from '../shell/Placeholder';

export const TrainingList = () => <Placeholder titleKey="page.trainingList" />;
export const TrainingArea = () => <Placeholder titleKey="page.trainingHome" />;
