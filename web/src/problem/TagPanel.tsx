// Tag picker: tags grouped by classification, filtered by a search box.
import { Button, InputGroup, PopoverNext, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/client';
import { useLoad } from '../shell/useLoad';

export function TagPanel({
  oj,
  selected,
  onToggle,
}: {
  oj: string;
  selected: number[];
  onToggle(id: number): void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const groups = useLoad(
    () =>
      http.get(
        '/api/get-problem-tags-and-classification',
        { oj: oj === 'Mine' ? 'ME' : oj || 'ALL' },
        { quiet: true },
      ),
    [oj],
  );
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (groups.data ?? [])
      .map((g) => ({ ...g, tagList: g.tagList.filter((tag) => !q || tag.name.toLowerCase().includes(q)) }))
      .filter((g) => g.tagList.length > 0);
  }, [groups.data, query]);

  const panel = (
    <div className="oj-tag-panel" data-testid="tag-panel">
      <InputGroup
        leftIcon="search"
        placeholder={t('problem.searchTags')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-testid="tag-search"
      />
      {shown.length === 0 && <p className="oj-muted">{t('problem.noTags')}</p>}
      {shown.map((g) => (
        <div key={g.classification?.id ?? 'none'} className="oj-tag-group">
          <div className="oj-tag-group-name">{g.classification?.name ?? t('problem.unclassified')}</div>
          {g.tagList.map((tag) => (
            <Tag
              key={tag.id}
              interactive
              minimal={!selected.includes(tag.id)}
              intent={selected.includes(tag.id) ? 'primary' : 'none'}
              onClick={() => onToggle(tag.id)}
              data-testid="tag-option"
            >
              {tag.name}
            </Tag>
          ))}
        </div>
      ))}
    </div>
  );
  const names = new Map(
    (groups.data ?? []).flatMap((g) => g.tagList.map((tag) => [tag.id, tag.name] as const)),
  );
  return (
    <>
      <PopoverNext content={panel} placement="bottom-start">
        <Button icon="tag" rightIcon="caret-down" data-testid="tag-panel-toggle">
          {t('problem.selectTags')}
          {selected.length ? ` (${selected.length})` : ''}
        </Button>
      </PopoverNext>
      {selected.map((id) => (
        <Tag key={id} intent="primary" onRemove={() => onToggle(id)} data-testid="problem-selected-tag">
          {names.get(id) ?? `#${id}`}
        </Tag>
      ))}
    </>
  );
}
