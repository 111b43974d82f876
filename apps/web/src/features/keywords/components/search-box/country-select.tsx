import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useCountries } from '../../api/overseas-countries';

export interface CountrySelectProps {
  value: string;
  onChange(code: string): void;
}

/** The overseas country choice (000 §2.6, §3): the countries call, searchable by Chinese or English name. */
export function CountrySelect({ value, onChange }: CountrySelectProps) {
  const { data: countries = [] } = useCountries();
  const options = countries.map((country) => ({
    value: country.country_code,
    label: country.country_name_cn,
    search: `${country.country_name_cn} ${country.country_translation} ${country.country_code}`.toLowerCase(),
    translation: country.country_translation,
  }));
  // Until the list arrives (or if it fails) the chosen code still shows.
  if (!options.some((option) => option.value === value)) {
    options.unshift({ value, label: value, search: value.toLowerCase(), translation: value });
  }
  return (
    <div className="kw-country" data-testid="country-select">
      <GlobalOutlined className="kw-country-icon" />
      <Select
        variant="borderless"
        value={value}
        onChange={(code: string) => onChange(code)}
        options={options}
        showSearch={{
          filterOption: (input, option) => (option?.search ?? '').includes(input.trim().toLowerCase()),
        }}
        popupMatchSelectWidth={220}
        optionRender={(option) => (
          <span className="kw-country-option">
            <span>{option.data.label}</span>
            <span className="kw-country-translation">{option.data.translation}</span>
          </span>
        )}
        aria-label="选择国家"
      />
    </div>
  );
}
