// Training pages: the list and the training area (its tabs, problems, rank).
import { TrainingArea as Area } from './TrainingArea';
import { TrainingListPage } from './TrainingListPage';

export const TrainingList = () => <TrainingListPage />;
export const TrainingArea = () => <Area />;
