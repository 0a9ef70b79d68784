import type { DataProvider } from 'ra-core';
import type { HttpClient } from './httpClient';

const notWritten = () => Promise.reject(new Error('not written yet'));

/** Placeholder until written (issue 5). */
export function createBackOfficeUsersDataProvider(_baseUrl: string, _httpClient: HttpClient): DataProvider {
    return { getList: notWritten, getOne: notWritten, getMany: notWritten, getManyReference: notWritten, create: notWritten, update: notWritten, updateMany: notWritten, delete: notWritten, deleteMany: notWritten };
}
