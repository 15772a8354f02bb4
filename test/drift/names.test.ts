import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { confusableSkeleton, styleSkeleton } from '../../src/drift/names.js';

describe('name keys', () => {
  it('the style skeleton ignores case and separators', () => {
    assert.equal(styleSkeleton('issue_number'), styleSkeleton('issueNumber'));
    assert.equal(styleSkeleton('getTinyImage'), styleSkeleton('get-tiny-image'));
    assert.notEqual(styleSkeleton('issue_number'), styleSkeleton('issue_numbers'));
  });

  it('the confusable skeleton folds compatibility characters first', () => {
    assert.equal(confusableSkeleton('ｒｅａｄ_file'), 'readfile');
  });
});
