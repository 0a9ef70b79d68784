import { configure } from '@testing-library/dom';

// `waitFor` and `findBy…` give up after 1 s by default: a jsdom re-render on a busy two-core CI
// machine can take longer (a health status filter did). They still fail when the expectation
// never holds; speed is measured by `npm run bench`.
configure({ asyncUtilTimeout: 5_000 });
