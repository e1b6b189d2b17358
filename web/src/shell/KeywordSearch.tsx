// A search box that applies its keyword on submit (Enter), not on every key stroke.
import { InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

export function KeywordSearch({
  placeholder,
  onSearch,
  testId,
  value = '',
}: {
  placeholder: string;
  /** Called with the trimmed keyword; callers go back to page 1 here. */
  onSearch(keyword: string): void;
  testId: string;
  /** The keyword in force (e.g. from the query string): the box starts with it and follows it. */
  value?: string;
}) {
  const [keyword, setKeyword] = useState(value);
  useEffect(() => setKeyword(value), [value]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(keyword.trim());
      }}
    >
      <InputGroup
        leftIcon="search"
        placeholder={placeholder}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        data-testid={testId}
      />
    </form>
  );
}
