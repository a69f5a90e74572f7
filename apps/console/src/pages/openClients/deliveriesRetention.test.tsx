// 推送记录 says under its table how long the log keeps a delivery (docs/adr/0233), in secondary text,
// with the number of days from the domain's rule, whether the log has deliveries or none yet.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { stubNetwork } from '../../../test/network';
import { DeliveriesDrawer } from './DeliveriesDrawer';
import { webhookSubscription } from './testData';

const subscription = webhookSubscription({
  subscriptionId: '6f1d2c3b-0000-4000-8000-00000000000b',
  events: ['reading.deleted'],
  description: null,
});

const delivery: Schema<'WebhookDelivery'> = {
  deliveryId: '7a2e3d4c-0000-4000-8000-0000000000e1',
  subscriptionId: subscription.subscriptionId,
  eventId: 'msg_8Qw2Xe5r7TyU',
  eventType: 'reading.deleted',
  status: 'succeeded',
  chain: 1,
  createdAt: '2026-11-27T02:00:00.000Z',
  nextAttemptAt: null,
  payload: {
    type: 'reading.deleted',
    timestamp: '2026-11-27T02:00:00.000Z',
    data: { patientId: 'b3f1c2d4-0000-4000-8000-000000000001', id: 'glucose-7', kind: 'glucose' },
  },
  attempts: [],
};

const NOTE = `推送记录在投递结束 ${WEBHOOK_DELIVERY_RETENTION_DAYS} 天后自动删除，删除后不能再重新推送；投递中的记录会一直保留。`;

function shownWith(items: unknown[]) {
  stubNetwork(() => ({ items, currentPage: 1, totalPage: 1, total: items.length }));
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <DeliveriesDrawer subscription={subscription} clientName="慢病随访系统" onClose={() => undefined} />
      </App>
    </ConfigProvider>,
  );
}

describe('推送记录’s retention line', () => {
  it('says under the deliveries, in secondary text, that they are deleted 30 days after they end', async () => {
    expect(WEBHOOK_DELIVERY_RETENTION_DAYS).toBe(30);
    shownWith([delivery]);
    expect(await screen.findByText('msg_8Qw2Xe5r7TyU')).toBeTruthy();
    const line = screen.getByText(NOTE);
    expect(line.classList.contains('ant-typography-secondary')).toBe(true);
    // Below the table, not inside it.
    const table = document.querySelector('.ant-table-wrapper')!;
    expect(table.contains(line)).toBe(false);
    expect(table.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says it under an empty log too', async () => {
    shownWith([]);
    expect(await screen.findByText('还没有推送记录')).toBeTruthy();
    expect(screen.getByText(NOTE)).toBeTruthy();
  });
});
