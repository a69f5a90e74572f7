import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * What the prescription flow has gathered so far for one consultation: the illness description and
 * photos (/recipe/discripIllness), the allergy history (/recipe/allergicHistory). It is sent, with
 * the chosen pharmacy, in one saveDiagnosticInfo at /recipe/chooseDrugStore. Kept in the tab's
 * sessionStorage so a reload inside the messaging app's browser does not lose it.
 */
interface RecipeDraft {
  sessionId: string;
  desc: string;
  imgList: string[];
  allergyOptions: number[];
  allergyDetail: string;
}

interface RecipeDraftState {
  draft: RecipeDraft | null;
  /** Updates the draft of `sessionId`; a draft of another consultation is dropped first. */
  update: (sessionId: string, changes: Partial<Omit<RecipeDraft, 'sessionId'>>) => void;
  clear: () => void;
}

const empty = (sessionId: string): RecipeDraft => ({
  sessionId,
  desc: '',
  imgList: [],
  allergyOptions: [],
  allergyDetail: '',
});

export const useRecipeDraft = create<RecipeDraftState>()(
  persist(
    (set) => ({
      draft: null,
      update: (sessionId, changes) =>
        set((state) => ({
          draft: { ...(state.draft?.sessionId === sessionId ? state.draft : empty(sessionId)), ...changes },
        })),
      clear: () => set({ draft: null }),
    }),
    { name: 'gg-recipe-draft', storage: createJSONStorage(() => sessionStorage) },
  ),
);

/** The draft of `sessionId` (an empty one when none is kept for it). */
export function draftOf(state: { draft: RecipeDraft | null }, sessionId: string): RecipeDraft {
  return state.draft?.sessionId === sessionId ? state.draft : empty(sessionId);
}
