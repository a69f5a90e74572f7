import { PAGE_SIZES } from '@glucoguard/domain';
import RecipeListPage from './RecipeListPage';

/** /prescription: the same two tabs in the consultation area's pages of 10 (spec 3 §9). */
export default function PrescriptionPage() {
  return <RecipeListPage pageSize={PAGE_SIZES.prescriptionsInConsult} />;
}
