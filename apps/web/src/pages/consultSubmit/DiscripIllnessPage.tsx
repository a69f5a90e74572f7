import { CONSULT_LIMITS, validateIllness } from '@glucoguard/domain';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { toast } from '../../ui/toast';
import { DescriptionForm } from './DescriptionForm';
import { flowPath, flowQueryOf } from './flow';
import { draftOf, useRecipeDraft } from './recipeDraft';

/**
 * /recipe/discripIllness (spec 3 §2.1, §5): the illness for the prescription, required and at most
 * 100 characters, with photos (businessCode 272). Kept in the flow's draft; sent at the end.
 */
export default function DiscripIllnessPage() {
  useDocumentTitle('病情描述');
  const [search] = useSearchParams();
  const query = flowQueryOf(search);
  const navigate = useNavigate();
  const stored = useRecipeDraft((state) => state.draft);
  const update = useRecipeDraft((state) => state.update);
  const draft = draftOf({ draft: stored }, query.sessionId);

  const next = () => {
    const check = validateIllness({ desc: draft.desc, images: draft.imgList });
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void navigate(flowPath('/recipe/allergicHistory', query));
  };

  return (
    <DescriptionForm
      id="illness-desc"
      label="病情描述"
      placeholder="请描述您的确诊疾病、目前用药和需要开具的药品"
      maxLength={CONSULT_LIMITS.illness}
      text={draft.desc}
      onText={(desc) => update(query.sessionId, { desc })}
      photoKind="illness"
      onPhotos={(imgList) => update(query.sessionId, { imgList })}
      busy={false}
      action="下一步"
      onSubmit={next}
    />
  );
}
