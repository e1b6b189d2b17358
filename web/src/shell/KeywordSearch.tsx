// A search box that applies its keyword on submit (Enter), not on every key stroke.
import { InputGroup } from '@blueprintjs/core';
import { useState } from 'react';

export function KeywordSearch({
  placeholder,
  onSearch,
  testId,
}: {
  placeholder: string;
  /** Called with the trimmed keyword; callers go back to page 1 here. */
  onSearch(keyword: string): void;
  testId: string;
}) {
  const [keyword, setKeyword] = useState('');
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
