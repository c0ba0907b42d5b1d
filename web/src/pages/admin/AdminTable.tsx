import { Box, DataList, Group, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './Admin.module.css';
import { usePhone } from './usePhone';

export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

interface Props<Row> {
  /** The table's accessible name, e.g. "Users". */
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
  /** Buttons for one row (edit, delete). */
  actions?: (row: Row) => ReactNode;
}

/**
 * A table on wide screens; on a phone each row becomes a card of label–value pairs, so nothing
 * overflows the page at 390 px.
 */
export function AdminTable<Row>({ label, rows, rowKey, columns, actions }: Props<Row>) {
  const { t } = useTranslation('admin');
  const phone = usePhone();

  if (phone) {
    return (
      <Box component="ul" className={classes.plainList} aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={classes.card}>
            <DataList size="sm" gap={6} labelWidth={110}>
              {columns.map((column) => (
                <DataList.Item key={column.label}>
                  <DataList.ItemLabel c="dimmed">{column.label}</DataList.ItemLabel>
                  <DataList.ItemValue className={classes.wrap}>{column.cell(row)}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList>
            {actions ? (
              <Group justify="flex-end" gap="xs" mt={6}>
                {actions(row)}
              </Group>
            ) : null}
          </li>
        ))}
      </Box>
    );
  }

  return (
    <Table aria-label={label} verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label}>{column.label}</Table.Th>
          ))}
          {actions ? (
            <Table.Th>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td key={column.label} className={classes.wrap}>
                {column.cell(row)}
              </Table.Td>
            ))}
            {actions ? (
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {actions(row)}
                </Group>
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
