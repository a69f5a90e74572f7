// 新增商品 / 编辑商品: every field of a goods item (spec 3 §3) — name, code, selling point, mall and
// category, how it is paid (yuan, points, strips or yuan + points) with the prices that mode needs,
// postage, the per-order limit, the first stock, receive and pay methods, service package or data
// plan with its months and the packages usable with it, the pictures, shelf, hot, recommended, sort.
// Checked with the domain's rules (goodsDraftProblem) before sending, as the API checks it.
import { App, Checkbox, Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import {
  GOODS_LIMITS,
  GOODS_MESSAGES,
  GOODS_PACKAGES_MAX,
  PACKAGE_MONTHS_MAX,
  POINTS_PER_YUAN,
  SALES_MODE,
  SALES_MODES,
  goodsDraftProblem,
  isPackageGoods,
  normalizedGoodsDraft,
  paysInPoints,
  paysInStrips,
  paysInYuan,
} from '@glucoguard/domain';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleData } from '../../useConsoleData';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import {
  GOODS_KIND_LABELS,
  IMAGE_LIMITS,
  PAY_OPTIONS,
  RECEIVE_OPTIONS,
  SALES_MODE_LABELS,
  goodsInputOf,
  goodsValuesOf,
  type Goods,
  type GoodsKind,
  type GoodsValues,
} from './goodsForm';
import { ImagesField } from './ImagesField';
import { categoriesOf, uploadGoodsImage, type Shelves } from './shelves';
import styles from './GoodsPage.module.css';

/** The console lists at most this many goods a page; the package picker reads every page. */
const PICKER_PAGE_SIZE = 50;

/** Every service package and data plan, for the 可用套餐 picker. */
async function packageGoods(signal: AbortSignal): Promise<Goods[]> {
  const found: Goods[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await api.GET('/console/v1/goods', {
      params: { query: { pageNo, pageSize: PICKER_PAGE_SIZE } },
      signal,
    });
    found.push(...page.items.filter(isPackageGoods));
    if (pageNo >= page.totalPage) {
      return found;
    }
  }
}

const KINDS: GoodsKind[] = ['plain', 'service', 'dataPlan'];

export function GoodsDialog({
  open,
  goods,
  shelves,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The goods item to change, or null to add one. */
  goods: Goods | null;
  shelves: Shelves | undefined;
  onClose: () => void;
  onSaved: (saved: Goods) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<GoodsValues>();
  const salesMode = Form.useWatch('salesMode', form) ?? SALES_MODE.rmb;
  const kind = Form.useWatch('kind', form) ?? 'plain';
  const containerId = Form.useWatch('containerId', form);
  const { busy, error, setError, run } = useConsoleSubmit();
  const packages = useConsoleData(async (signal) => (open ? packageGoods(signal) : []), [open]);

  useEffect(() => {
    if (open) {
      setError(null);
      form.resetFields();
      form.setFieldsValue(goodsValuesOf(goods));
    }
  }, [open, goods, form]);

  const submit = async (values: GoodsValues) => {
    const body = normalizedGoodsDraft(goodsInputOf(values));
    const problem = goodsDraftProblem(body, goods?.goodsId);
    if (problem) {
      setError(problem);
      return;
    }
    await run(async () => {
      const saved = goods
        ? await api.POST('/console/v1/goods/{goodsId}', { params: { path: { goodsId: goods.goodsId } }, body })
        : await api.POST('/console/v1/goods', { body });
      void message.success(goods ? '商品信息已保存' : `已新增商品 ${saved.goodsName}`);
      onSaved(saved);
    });
  };

  const yuan = paysInYuan({ salesMode });
  const points = paysInPoints({ salesMode });
  const strips = paysInStrips({ salesMode });

  return (
    <SaveDialog
      title={goods ? `编辑商品：${goods.goodsName}` : '新增商品'}
      open={open}
      width={880}
      tall
      busy={busy}
      error={error}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<GoodsValues>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={goodsValuesOf(goods)}
        onFinish={(values) => void submit(values)}
      >
        <Divider titlePlacement="start" className={styles.section}>
          基本信息
        </Divider>
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item
              label="商品名称"
              name="goodsName"
              rules={[{ required: true, whitespace: true, max: GOODS_LIMITS.name, message: GOODS_MESSAGES.name }]}
            >
              <Input maxLength={GOODS_LIMITS.name} showCount placeholder="如：4G 血糖仪（测完自动上传）" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="商品编码" name="goodsCode">
              <Input disabled placeholder="保存后自动生成" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="商品简介（列表中显示前20个字）"
          name="remark"
          rules={[{ max: GOODS_LIMITS.remark, message: GOODS_MESSAGES.remark }]}
        >
          <Input maxLength={GOODS_LIMITS.remark} showCount placeholder="一句话卖点，如：测完自动上传，家人随时看" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label="所属商城" name="containerId" rules={[{ required: true, message: '请选择商城' }]}>
              <Select
                placeholder="选择商城"
                aria-label="所属商城"
                options={(shelves?.containers ?? []).map((c) => ({ value: c.containerId, label: c.containerName }))}
                onChange={() => form.setFieldValue('categoryId', undefined)}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="商品分类" name="categoryId" rules={[{ required: true, message: '请选择分类' }]}>
              <Select
                placeholder={containerId ? '选择分类' : '先选择商城'}
                aria-label="商品分类"
                disabled={!containerId}
                options={categoriesOf(shelves, containerId).map((c) => ({
                  value: c.categoryId,
                  label: c.categoryName,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="商品类型" name="kind">
              <Radio.Group
                optionType="button"
                options={KINDS.map((k) => ({ value: k, label: GOODS_KIND_LABELS[k] }))}
              />
            </Form.Item>
          </Col>
        </Row>
        {kind !== 'plain' && (
          <Form.Item
            label={kind === 'service' ? '开通或续期的服务月数' : '流量续费月数'}
            name="packageMonths"
            rules={[{ required: true, message: GOODS_MESSAGES.packageMonths }]}
          >
            <InputNumber className={styles.narrow} min={1} max={PACKAGE_MONTHS_MAX} precision={0} suffix="个月" />
          </Form.Item>
        )}

        <Divider titlePlacement="start" className={styles.section}>
          价格与库存
        </Divider>
        <Form.Item label="支付方式（销售模式）" name="salesMode">
          <Radio.Group
            optionType="button"
            options={SALES_MODES.map((m) => ({ value: m, label: SALES_MODE_LABELS[m] }))}
          />
        </Form.Item>
        <Row gutter={16}>
          {yuan && (
            <Col span={6}>
              <Form.Item
                label="价格（元）"
                name="priceYuan"
                rules={[{ required: true, message: GOODS_MESSAGES.price }]}
              >
                <InputNumber className={styles.wide} min={0} precision={2} step={1} prefix="¥" />
              </Form.Item>
            </Col>
          )}
          {yuan && (
            <Col span={6}>
              <Form.Item label="划线原价（元）" name="originPriceYuan">
                <InputNumber className={styles.wide} min={0} precision={2} step={1} prefix="¥" />
              </Form.Item>
            </Col>
          )}
          {points && (
            <Col span={6}>
              <Form.Item label="所需积分" name="scoreValue" rules={[{ required: true, message: GOODS_MESSAGES.score }]}>
                <InputNumber className={styles.wide} min={0} precision={0} suffix="积分" />
              </Form.Item>
            </Col>
          )}
          {points && (
            <Col span={6}>
              <Form.Item label="划线原积分" name="originScore">
                <InputNumber className={styles.wide} min={0} precision={0} suffix="积分" />
              </Form.Item>
            </Col>
          )}
          {strips && (
            <Col span={6}>
              <Form.Item label="所需试纸" name="paperValue" rules={[{ required: true, message: GOODS_MESSAGES.paper }]}>
                <InputNumber className={styles.wide} min={0} precision={0} suffix="条" />
              </Form.Item>
            </Col>
          )}
          {salesMode === SALES_MODE.rmb && (
            <Col span={6}>
              <Form.Item
                label="每件最多抵扣积分"
                name="maxUsableScore"
                extra={`${POINTS_PER_YUAN}积分抵1元，0为不可抵扣`}
              >
                <InputNumber className={styles.wide} min={0} precision={0} suffix="积分" />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item label="运费（元）" name="postageYuan" extra="0为包邮">
              <InputNumber className={styles.wide} min={0} precision={2} step={1} prefix="¥" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="每单限购" name="maximum" rules={[{ required: true, message: '请填写每单限购数量' }]}>
              <InputNumber className={styles.wide} min={1} max={9999} precision={0} suffix="件" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              label={goods ? '当前库存' : '初始库存'}
              name="stock"
              extra={goods ? '在列表中点「库存」入库或出库' : undefined}
            >
              <InputNumber
                className={styles.wide}
                min={0}
                max={999999}
                precision={0}
                suffix="件"
                disabled={goods !== null}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="排序（小的在前）" name="sort">
              <InputNumber className={styles.wide} min={0} max={9999} precision={0} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              label="领取方式"
              name="receiveTypes"
              rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种领取方式' }]}
            >
              <Checkbox.Group options={RECEIVE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label="支付类型"
              name="payTypes"
              rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种支付类型' }]}
            >
              <Checkbox.Group options={PAY_OPTIONS} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label="上架"
              name="status"
              valuePropName="checked"
              getValueFromEvent={(on: boolean) => (on ? 1 : 0)}
              getValueProps={(status: 0 | 1) => ({ checked: status === 1 })}
            >
              <Switch checkedChildren="在售" unCheckedChildren="下架" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={4}>
            <Form.Item name="hot" valuePropName="checked">
              <Checkbox>热销产品</Checkbox>
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="recommend" valuePropName="checked">
              <Checkbox>推荐</Checkbox>
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item label="可用套餐" name="packageGoodsIds" extra="详情页「可用套餐」中列出的服务包或流量包">
              <Select
                mode="multiple"
                allowClear
                aria-label="可用套餐"
                placeholder="不选则不显示"
                maxCount={GOODS_PACKAGES_MAX}
                loading={packages.loading}
                optionFilterProp="label"
                options={(packages.data ?? [])
                  .filter((p) => p.goodsId !== goods?.goodsId)
                  .map((p) => ({ value: p.goodsId, label: p.goodsName }))}
              />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" className={styles.section}>
          图片
        </Divider>
        <Typography.Paragraph type="secondary">
          图片选好后立即上传；建议轮播图与图标为正方形（600×600），详情长图宽 750。
        </Typography.Paragraph>
        <Form.Item label={`轮播图（最多${IMAGE_LIMITS.carousel}张，第一张为主图）`} name="goodsUrl">
          <ImagesField max={IMAGE_LIMITS.carousel} label="轮播图" upload={uploadGoodsImage} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item label="列表图标" name="iconUrl">
              <ImagesField max={IMAGE_LIMITS.icon} label="列表图标" upload={uploadGoodsImage} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="详情长图" name="goodsDetailImgUrl">
              <ImagesField max={IMAGE_LIMITS.detail} label="详情长图" upload={uploadGoodsImage} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="广告图" name="adUrl">
              <ImagesField max={IMAGE_LIMITS.ad} label="广告图" upload={uploadGoodsImage} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="广告图链接"
          name="adHrefUrl"
          extra="站内路径（如 /mall/goodsList）或 https 地址；留空则广告图不可点击"
        >
          <Input maxLength={300} placeholder="/mall/goodsList" />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
