import {
  REPORT_TYPE_DICTIONARY,
  REPORT_UPLOAD_HELP,
  REPORT_UPLOAD_MESSAGES,
  UPLOAD_FAILED_MESSAGE,
  checkReportRoom,
  isReportTypeCode,
  reportGalleries,
  reportImageProblem,
  reportsInGroup,
  validateReportName,
} from '@glucoguard/domain';
import { EmptyState, GuardedInput } from '@glucoguard/ui';
import { ActionSheet, Button, Dialog, DotLoading } from 'antd-mobile';
import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { imageUrl, useSession } from '../../store/session';
import { ReportGallery, type ReportImage } from './ReportGallery';
import { ReportViewer } from './ReportViewer';
import { prepareReport } from './prepareReport';
import styles from './MedicalReportPage.module.css';

/** The spec's page size for the reports (spec 2 §7); five types of 50 fit in three pages. */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

type TypeOption = { itemKey: string; itemValue: string };

async function loadReports(): Promise<ReportImage[]> {
  const reports: ReportImage[] = [];
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
    const page = await api().GET('/customer/v1/pageQueryReport', {
      params: { query: { pageNo, pageSize: PAGE_SIZE } },
    });
    reports.push(...page.items);
    if (page.currentPage >= page.totalPage) {
      break;
    }
  }
  return reports;
}

/** The report types of the dictionary `report_type`; the domain's list when it cannot be read. */
function useReportTypes(): readonly TypeOption[] {
  const read = useApiData(() =>
    api().GET('/dictionary/v1/getByCodes', { params: { query: { codes: 'report_type' } } }),
  );
  const loaded = read.data?.report_type ?? [];
  return loaded.length > 0 ? loaded : REPORT_TYPE_DICTIONARY;
}

/** The upload in progress: the chosen photo, then its type, then its name. */
type Pending = { file: File; typeCode: number | null; name: string };

/** /examiningReport/uploadExaminingReport (spec 2 §2.14): uploaded report photos in five galleries. */
export default function MedicalReportPage() {
  useDocumentTitle('检查报告');
  const imgDomain = useSession((state) => state.imgDomain);
  const types = useReportTypes();
  const list = useApiData(loadReports, '', { onError: showError });
  const reports: ReportImage[] | null = list.data;
  const failed = list.failed;
  const reload = list.reload;
  const [pending, setPending] = useState<Pending | null>(null);
  const [viewing, setViewing] = useState<ReportImage | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { run } = useSubmitGuard();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same photo again fires a change.
    event.target.value = '';
    if (file === undefined) {
      return;
    }
    // The format is known at once; the size only after the photo is recompressed for upload.
    const format = reportImageProblem({ type: file.type, size: 0 });
    if (format !== null) {
      toast(format);
      return;
    }
    setPending({ file, typeCode: null, name: '' });
  };

  const chooseType = (typeCode: number) => {
    const room = checkReportRoom(reportsInGroup(reports ?? [], typeCode));
    if (!room.ok) {
      setPending(null);
      toast(room.message);
      return;
    }
    setPending((current) => current && { ...current, typeCode });
  };

  const send = () => {
    if (pending === null || !isReportTypeCode(pending.typeCode)) {
      return;
    }
    const check = validateReportName(pending.name);
    if (!check.ok) {
      toast(check.message);
      return;
    }
    const { file, typeCode, name } = { ...pending, typeCode: pending.typeCode };
    setPending(null);
    void run(async () => {
      try {
        const prepared = await prepareReport(file);
        if (!prepared.ok) {
          return () => toast(prepared.message);
        }
        await api().POST('/customer/v1/uploadReport', {
          body: {
            reportName: name.trim(),
            typeCode,
            data: prepared.data,
            ...(prepared.pressData === undefined ? {} : { pressData: prepared.pressData }),
          },
        });
        return () => {
          toast(REPORT_UPLOAD_MESSAGES.uploaded);
          reload();
        };
      } catch (error) {
        return () => showError(error, UPLOAD_FAILED_MESSAGE);
      }
    });
  };

  const remove = async (report: ReportImage) => {
    if (!(await Dialog.confirm({ content: REPORT_UPLOAD_MESSAGES.deleteConfirm }))) {
      return;
    }
    try {
      await api().POST('/customer/v1/deleteReport', { body: { reportId: report.reportId } });
      toast(REPORT_UPLOAD_MESSAGES.deletedDone);
    } catch (error) {
      showError(error);
    }
    setViewing(null);
    reload();
  };

  const showHelp = () => {
    void Dialog.alert({
      title: '上传说明',
      content: (
        <div className={styles.showHelpBox}>
          {REPORT_UPLOAD_HELP.map((line) => (
            <p key={line} className={styles.showHelpText}>
              {line}
            </p>
          ))}
        </div>
      ),
      confirmText: '我知道了',
    });
  };

  return (
    <div className={styles.medicalReportPageBox}>
      <header className={styles.medicalReportPageHeader}>
        <h1 className={styles.medicalReportPageTitle}>检查报告</h1>
        <Button size="small" fill="none" onClick={showHelp} aria-label="上传说明">
          ？帮助
        </Button>
      </header>
      {reports === null ? (
        <div className={styles.medicalReportPageBox2}>
          {failed ? <EmptyState title="加载失败" /> : <DotLoading aria-label="加载中" />}
        </div>
      ) : (
        reportGalleries(reports).map((gallery) => (
          <ReportGallery key={gallery.group} gallery={gallery} imgDomain={imgDomain} onOpen={setViewing} />
        ))
      )}
      <div className={styles.medicalReportPageBox3}>
        <Button block color="primary" disabled={reports === null} onClick={() => fileInput.current?.click()}>
          上传报告
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png"
          aria-label="选择报告图片"
          hidden
          onChange={choose}
        />
      </div>

      <ActionSheet
        visible={pending !== null && pending.typeCode === null}
        extra="请选择报告类型"
        cancelText="取消"
        actions={types.map((type) => ({ key: type.itemKey, text: type.itemValue }))}
        onAction={(action) => chooseType(Number(action.key))}
        onClose={() => setPending((current) => (current?.typeCode === null ? null : current))}
      />
      <Dialog
        visible={pending !== null && pending.typeCode !== null}
        aria-label="填写报告名称"
        title="填写报告名称"
        content={
          <GuardedInput
            aria-label="报告名称"
            placeholder="最多8个字"
            value={pending?.name ?? ''}
            onChange={(name) => setPending((current) => current && { ...current, name })}
            className={styles.medicalReportPageGuardedInput}
          />
        }
        actions={[
          [
            { key: 'cancel', text: '取消' },
            { key: 'ok', text: '确定', bold: true },
          ],
        ]}
        onAction={(action) => (action.key === 'ok' ? send() : setPending(null))}
      />
      {viewing && (
        <ReportViewer
          report={viewing}
          src={imageUrl(viewing.reportUrl, imgDomain) ?? ''}
          onClose={() => setViewing(null)}
          onDelete={(report) => void remove(report)}
        />
      )}
    </div>
  );
}
