// Back-office training pages (drawn inside the admin frame by the route table).
import { AdminTrainingListPage } from './AdminTrainingListPage';
import { CategoriesPage } from './CategoriesPage';
import { TrainingEditPage } from './TrainingEditPage';
import { TrainingProblemsPage } from './TrainingProblemsPage';

export const AdminTrainingList = () => <AdminTrainingListPage />;
export const AdminTrainingEdit = () => <TrainingEditPage />;
export const AdminTrainingProblems = () => <TrainingProblemsPage />;
export const AdminTrainingCategories = () => <CategoriesPage />;
